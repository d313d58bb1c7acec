import { useEffect, useState } from 'react';
import { s } from '../texts';

/**
 * Markdown of the shop configuration (terms, privacy, imprint, allergens), rendered with `marked`, which is
 * loaded only when such a text is shown. The texts are written by the shop's administrators.
 */
export function Markdown({ source, className = 'prose' }: { source: string; className?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('marked').then(({ marked }) => {
      const out = marked.parse(source, { async: false, gfm: true, breaks: true }) as string;
      if (live) setHtml(out);
    });
    return () => {
      live = false;
    };
  }, [source]);
  if (html === null) return <p role="status">{s('loading')}</p>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
