import { useEffect, useState } from 'react';
import { s } from '../texts';
import { sanitizeHtml } from './sanitize';

/**
 * Markdown of the shop configuration (terms, privacy, imprint, allergens), rendered with `marked`, which is
 * loaded only when such a text is shown, and sanitised (DOMPurify) like every administrator-written HTML.
 */
export function Markdown({ source, className = 'prose' }: { source: string; className?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('marked')
      .then(({ marked }) => sanitizeHtml(marked.parse(source, { async: false, gfm: true, breaks: true }) as string))
      .then((out) => live && setHtml(out));
    return () => {
      live = false;
    };
  }, [source]);
  if (html === null) return <p role="status">{s('loading')}</p>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
