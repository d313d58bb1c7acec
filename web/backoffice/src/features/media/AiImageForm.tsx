import { ContentAiImageInput } from '@shop/contracts';
import { mediaTexts } from '@shop/i18n-de';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { useNotices } from '../../ui/notices';
import { AI_UNAVAILABLE_NOTE, AiUnavailableNote, useAiConfigured } from '../content-ai/use-ai-status';
import { useAiGeneration } from '../content-ai/use-ai-generation';

const A = mediaTexts.ai;
const EMPTY = { prompt: '', name: '' };

/**
 * 'Bild mit KI erstellen': a prompt (and an optional name) sent to POST /api/content-ai/generate/image, which starts
 * a generation (polled until done) that stores the picture as a new image of the library. The form is on
 * react-hook-form with the contract's ContentAiImageInput (useContractForm); a prompt the contract refuses is not
 * sent. A failure (503 with the server's German notice when no AI is configured, 'Die KI-Generierung ist nicht
 * eingerichtet.', or the reason a generation failed) shows beside the form with a retry.
 */
export function AiImageForm({ onCreated }: { onCreated: () => void }) {
  const notices = useNotices();
  const generation = useAiGeneration();
  const [failure, setFailure] = useState<{ message: string; retry: () => Promise<void> } | null>(null);
  const { form, onSubmit, saving } = useContractForm(ContentAiImageInput, {
    defaultValues: EMPTY,
    send: async (values) => {
      const input = ContentAiImageInput.safeParse(values);
      if (!input.success) return;
      setFailure(null);
      await generation(() => api.post('/api/content-ai/generate/image', input.data));
      notices.success(A.created);
      form.reset(EMPTY);
      onCreated();
    },
    failed: (err, retry) => setFailure({ message: errorMessage(err, A.failed), retry }),
  });
  const prompt = form.watch('prompt');
  // no AI endpoint configured: the button is disabled and the note says why
  const unavailable = useAiConfigured() === false;

  return (
    <form className="ai-image-form" aria-labelledby="ai-image-title" onSubmit={(e) => void onSubmit(e)}>
      <h2 id="ai-image-title">{A.title}</h2>
      <div className="field">
        <label htmlFor="ai-image-prompt">{A.prompt} *</label>
        <textarea id="ai-image-prompt" rows={2} required maxLength={1000} {...form.register('prompt')} />
      </div>
      <div className="field">
        <label htmlFor="ai-image-name">{A.name}</label>
        <input id="ai-image-name" maxLength={255} {...form.register('name')} />
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          disabled={unavailable || saving || !prompt.trim()}
          aria-describedby={unavailable ? AI_UNAVAILABLE_NOTE : undefined}
        >
          {A.generate}
        </button>
      </div>
      {unavailable && <AiUnavailableNote />}
      {saving && <p role="status">{A.working}</p>}
      {failure && (
        <div className="load-error" role="alert">
          <p>{failure.message}</p>
          <button type="button" onClick={() => void failure.retry()}>
            {T.app.retry}
          </button>
        </div>
      )}
    </form>
  );
}
