import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { AiImageForm } from '../media/AiImageForm';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(configured: boolean) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/content-ai/status' ? json({ data: { configured } }) : json({ data: null }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('AI buttons and the configured AI endpoint (GET /api/content-ai/status)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without an AI endpoint: the button is disabled and the note says why', async () => {
    const fetch = serve(false);
    const user = userEvent.setup();
    renderScreen(<AiImageForm onCreated={() => undefined} />, '/media');
    const note = await screen.findByText('Die KI-Generierung ist nicht eingerichtet.');
    await user.type(screen.getByLabelText(/Beschreibung des Bildes/), 'Ein Haus am Fluss');
    const button = screen.getByRole('button', { name: 'Bild erstellen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/content-ai/generate/image');
  });

  it('with one: the button is enabled once a prompt is typed, and no note shows', async () => {
    const fetch = serve(true);
    const user = userEvent.setup();
    renderScreen(<AiImageForm onCreated={() => undefined} />, '/media');
    await user.type(screen.getByLabelText(/Beschreibung des Bildes/), 'Ein Haus am Fluss');
    await vi.waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/content-ai/status'));
    expect((screen.getByRole('button', { name: 'Bild erstellen' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Die KI-Generierung ist nicht eingerichtet.')).toBeNull();
  });
});
