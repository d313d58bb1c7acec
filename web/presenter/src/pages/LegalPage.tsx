import { useEffect, useState } from 'react';
import { Html } from '@shop/web-shared';

/** §2.2 "a text opens the internal site page": the configured legal text (markdown), parsed on demand. */
export function LegalPage({ text }: { text: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('marked').then(({ marked }) => {
      const out = marked.parse(text, { async: false });
      if (live) setHtml(out);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return <div className="container page">{html === null ? <p>{text}</p> : <Html html={html} />}</div>;
}
