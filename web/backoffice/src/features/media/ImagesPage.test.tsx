import { screen, waitFor } from '@testing-library/react';
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

/** A generation of the content AI as GET /api/content-ai/generations/{id} answers it. */
const generation = (id: string, status: string, more: object = {}) => ({
  id,
  kind: 'image',
  status,
  content: null,
  image: null,
  message: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...more,
});

describe('images screen', () => {
  let listAnswers: Response[];
  let aiAnswer: () => Response;
  /** the answers to each generation's polls, the last one repeated */
  let polls: Record<string, Array<ReturnType<typeof generation>>>;
  let listed: number;
  beforeEach(() => {
    setCsrfToken('t');
    listed = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/images?')) {
          listed++;
          return listAnswers.shift() ?? json({ data: [IMAGE], meta: {} });
        }
        if (url === '/api/content-ai/generate/image') return aiAnswer();
        const polled = /^\/api\/content-ai\/generations\/(.+)$/.exec(url)?.[1];
        const answers = polled ? polls[polled] : undefined;
        if (answers) return json({ data: answers.length > 1 ? answers.shift() : answers[0] });
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

  it('polls the generation the POST started until it is done, then adds the image; a failed one says why', async () => {
    const user = userEvent.setup();
    const reason = 'Die KI hat gerade keinen gültigen Inhalt geliefert. Bitte versuchen Sie es erneut.';
    listAnswers = [];
    let started = 0;
    aiAnswer = () => json({ data: generation(`g${++started}`, 'queued') }, 202);
    polls = {
      g1: [generation('g1', 'running'), generation('g1', 'done', { image: { ...IMAGE, id: 4, name: 'Haus am See' } })],
      g2: [generation('g2', 'running'), generation('g2', 'failed', { message: reason })],
    };
    open();
    await screen.findByRole('listitem', { name: 'Terrasse' });
    await user.type(screen.getByLabelText('Beschreibung des Bildes *'), 'Ein Haus am See');
    await user.click(screen.getByRole('button', { name: 'Bild erstellen' }));
    expect(screen.getByRole('status').textContent).toBe('Die KI erstellt das Bild …');
    expect(await screen.findByText('Das Bild der KI wurde der Mediathek hinzugefügt.')).toBeTruthy();
    // the library is read again once the picture is stored
    await waitFor(() => expect(listed).toBeGreaterThan(1));
    expect(screen.queryByText('Die KI erstellt das Bild …')).toBeNull();

    await user.type(screen.getByLabelText('Beschreibung des Bildes *'), 'Ein Haus am See');
    await user.click(screen.getByRole('button', { name: 'Bild erstellen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(reason);
    expect(alert.querySelector('button')?.textContent).toBe('Erneut versuchen');
  });
});
