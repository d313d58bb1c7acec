import { ContentAiImageInput } from '@shop/contracts';
import { mediaTexts } from '@shop/i18n-de';
import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/client';
import { T } from '../../texts';
import { useNotices } from '../../ui/notices';
import { useAiGeneration } from '../content-ai/use-ai-generation';

const A = mediaTexts.ai;

/**
 * 'Bild mit KI erstellen': a prompt (and an optional name) sent to POST /api/content-ai/generate/image, which starts
 * a generation (polled until done) that stores the picture as a new image of the library. A failure (503 with the
 * server's German notice when no AI is configured, 'Die KI-Generierung ist nicht eingerichtet.', or the reason a
 * generation failed) shows beside the form with a retry.
 */
export function AiImageForm({ onCreated }: { onCreated: () => void }) {
  const notices = useNotices();
  const [prompt, setPrompt] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const generation = useAiGeneration();

  const generate = async (): Promise<void> => {
    const input = ContentAiImageInput.safeParse({ prompt, name });
    if (!input.success) return;
    setBusy(true);
    setFailure(null);
    try {
      await generation(() => api.post('/api/content-ai/generate/image', input.data));
      notices.success(A.created);
      setPrompt('');
      setName('');
      onCreated();
    } catch (err) {
      setFailure(errorMessage(err, A.failed));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void generate();
  };

  return (
    <form className="ai-image-form" aria-labelledby="ai-image-title" onSubmit={submit}>
      <h2 id="ai-image-title">{A.title}</h2>
      <div className="field">
        <label htmlFor="ai-image-prompt">{A.prompt} *</label>
        <textarea
          id="ai-image-prompt"
          rows={2}
          required
          maxLength={1000}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="ai-image-name">{A.name}</label>
        <input id="ai-image-name" maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy || !prompt.trim()}>
          {A.generate}
        </button>
      </div>
      {busy && <p role="status">{A.working}</p>}
      {failure && (
        <div className="load-error" role="alert">
          <p>{failure}</p>
          <button type="button" onClick={() => void generate()}>
            {T.app.retry}
          </button>
        </div>
      )}
    </form>
  );
}
