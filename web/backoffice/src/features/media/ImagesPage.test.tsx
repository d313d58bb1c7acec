import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { renderScreen } from '../../test/render-screen';
import ImagesPage from './ImagesPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const IMAGE = {
  id: 3,
  version: 1,
  extension: 'jpg',
  mimeType: 'image/jpeg',
  name: 'Terrasse',
  alt: 'Terrasse im Sommer',
  width: 1200,
  height: 800,
  size: 2048,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function open() {
  renderScreen(<ImagesPage />, '/media');
}

describe('images screen', () => {
  let listAnswers: Response[];
  let aiAnswer: () => Response;
  beforeEach(() => {
    setCsrfToken('t');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/images?')) return listAnswers.shift() ?? json({ data: [IMAGE], meta: {} });
        if (url === '/api/content-ai/generate/image') return aiAnswer();
        return json({ data: null });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows §8 'Bilder konnten nicht geladen werden.' with a retry that loads the grid", async () => {
    const user = userEvent.setup();
    listAnswers = [json({ message: 'Interner Fehler', code: 'INTERNAL' }, 500)];
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Bilder konnten nicht geladen werden.');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('listitem', { name: 'Terrasse' })).toBeTruthy();
  });

  it('says so in German when AI is not configured (503), with a retry', async () => {
    const user = userEvent.setup();
    listAnswers = [];
    aiAnswer = () => json({ message: 'Die KI-Generierung ist nicht eingerichtet.', code: 'SERVICE_UNAVAILABLE' }, 503);
    open();
    await screen.findByRole('listitem', { name: 'Terrasse' });
    await user.type(screen.getByLabelText('Beschreibung des Bildes *'), 'Ein Haus am See');
    await user.click(screen.getByRole('button', { name: 'Bild erstellen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die KI-Generierung ist nicht eingerichtet.');
    expect(alert.querySelector('button')?.textContent).toBe('Erneut versuchen');
  });
});
