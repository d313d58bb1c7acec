import { useEffect, useState } from 'react';
import { mayContainHtml, plainText } from '../meta/plain-text';

/**
 * Rich text of the editors (wysiwyg fields), sanitised by DOMPurify before it reaches the page. DOMPurify is loaded
 * on demand (its own chunk); until then the text alone is shown, read from an inert parsed document.
 */
export function Html({ html, className }: { html: unknown; className?: string }) {
  const source = typeof html === 'string' ? html : '';
  const markup = mayContainHtml(source);
  const [safe, setSafe] = useState<string | null>(null);
  useEffect(() => {
    if (!markup) return;
    let live = true;
    void import('dompurify').then(({ default: purify }) => live && setSafe(purify.sanitize(source)));
    return () => {
      live = false;
    };
  }, [source, markup]);
  if (!source) return null;
  if (!markup) return <div className={className}>{source}</div>;
  if (safe === null) return <div className={className}>{plainText(source)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
