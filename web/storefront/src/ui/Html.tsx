import { useEffect, useState } from 'react';
import { mayContainHtml, plainText, sanitizeHtml } from './sanitize';

/**
 * §2.3 "Optional title and HTML description": the administrators' HTML, sanitised. Until the sanitiser is
 * loaded the text alone is shown (read from an inert parsed document: nothing in it runs or loads), so the
 * words are there at the first paint; plain text needs no sanitiser at all.
 */
export function Html({ html, className }: { html: string; className?: string }) {
  const [safe, setSafe] = useState<string | null>(null);
  const markup = mayContainHtml(html);
  useEffect(() => {
    if (!markup) return;
    let live = true;
    void sanitizeHtml(html).then((out) => live && setSafe(out));
    return () => {
      live = false;
    };
  }, [html, markup]);
  if (!markup) return <div className={className}>{html}</div>;
  if (safe === null) return <div className={className}>{plainText(html)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
