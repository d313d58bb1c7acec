import { t } from '@shop/i18n-de';
import useSWR from 'swr';
import { api } from '../../api/client';

/** The id of the note that says why the AI buttons are disabled (their aria-describedby). */
export const AI_UNAVAILABLE_NOTE = 'ai-unavailable-note';

/**
 * Whether the AI buttons can work (issue 43): GET /api/content-ai/status says whether an AI endpoint is configured
 * (CONTENT_AI_URL). Unknown while it loads (the buttons stay as they are); `false` disables them with the reason
 * (the server's own text, 'Die KI-Generierung ist nicht eingerichtet.') instead of a 503 after a click.
 */
export function useAiConfigured(): boolean | undefined {
  const { data } = useSWR('/api/content-ai/status', (url: '/api/content-ai/status') => api.get(url), {
    revalidateOnFocus: false,
  });
  return data?.configured;
}

/** The reason beside a disabled AI button. */
export function AiUnavailableNote() {
  return (
    <p className="hint" id={AI_UNAVAILABLE_NOTE}>
      {t('content.aiUnavailable')}
    </p>
  );
}
