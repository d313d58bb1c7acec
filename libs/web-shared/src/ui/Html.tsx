import { createContext, useContext, useEffect, useState } from 'react';
import { mayContainHtml, plainText } from '../meta/plain-text';
import { useHydrated } from './hydration';

/**
 * The sanitiser of a server render (the gateway's rich-text allow-list, given to the presenter's
 * src/entry-server.tsx); null in the browser, which loads DOMPurify.
 */
export const ServerSanitizerContext = createContext<((html: string) => string) | null>(null);

/**
 * Rich text of the editors (wysiwyg fields), sanitised by DOMPurify before it reaches the page. DOMPurify is loaded
 * on demand (its own chunk); until then the text alone is shown, read from an inert parsed document. A page the
 * server rendered arrives with the rich text sanitised there; hydrating it keeps that markup (React does not
 * compare or replace an element's inner HTML while hydrating) until DOMPurify's own result replaces it.
 */
export function Html({ html, className }: { html: unknown; className?: string }) {
  const source = typeof html === 'string' ? html : '';
  const markup = mayContainHtml(source);
  const serverSanitize = useContext(ServerSanitizerContext);
  // true on the server and while hydrating its markup, false in any render of the browser's own
  const fromServer = !useHydrated();
  const [keepServerMarkup] = useState(fromServer);
  const [safe, setSafe] = useState<string | null>(null);
  useEffect(() => {
    if (!markup) return;
    let live = true;
    // offline, the sanitiser's chunk may not come: what is shown stays
    import('dompurify').then(
      ({ default: purify }) => live && setSafe(purify.sanitize(source)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source, markup]);
  if (!source) return null;
  if (!markup) return <div className={className}>{source}</div>;
  if (safe === null && serverSanitize)
    return <div className={className} dangerouslySetInnerHTML={{ __html: serverSanitize(source) }} />;
  // nothing is written: the server's markup stays as it is, on purpose (and were it not there, nothing unsanitised
  // would show)
  if (safe === null && keepServerMarkup)
    return <div className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  if (safe === null) return <div className={className}>{plainText(source)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
