import { contentBuilderTexts } from '@shop/i18n-de';
import { useEffect, useState } from 'react';

const C = contentBuilderTexts.form;

/** Markdown as the presenter renders it: marked (GitHub flavour, line breaks), then DOMPurify; both load on demand. */
export async function renderMarkdown(source: string): Promise<string> {
  const [{ marked }, { default: DOMPurify }] = await Promise.all([import('marked'), import('dompurify')]);
  return DOMPurify.sanitize(marked.parse(source, { async: false, gfm: true, breaks: true }) as string);
}

/** A markdown field: the text, and a preview of it rendered and sanitised. */
export function MarkdownField({
  value,
  rows,
  onChange,
  ...common
}: { id: string; value: string; rows: number; onChange: (v: unknown) => void } & Record<string, unknown>) {
  const [preview, setPreview] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    let live = true;
    void renderMarkdown(value).then((out) => live && setHtml(out));
    return () => {
      live = false;
    };
  }, [preview, value]);
  return (
    <div className="markdown-field">
      <button type="button" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
        {preview ? C.markdownEdit : C.markdownPreview}
      </button>
      {preview ? (
        <div className="prose markdown-preview" data-testid="markdown-preview">
          {html === null ? (
            <p role="status">{C.wysiwyg.loading}</p>
          ) : (
            <div dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </div>
      ) : (
        <textarea {...common} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}
