import type { Scene, Segment, Stream } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../api/client';
import { renderScreen } from '../test/render-screen';
import SignageScenes from './SignageScenes';
import SignageStreams from './SignageStreams';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** a failure without a server message (the screen shows the §8 default) */
const unavailable = () => json({ code: 'SERVICE_UNAVAILABLE' }, 503);
const inUse = (label: string) =>
  json({ code: 'IN_USE', message: `${label} wird noch verwendet und kann nicht gelöscht werden.`, errors: [] }, 409);
const meta = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

const segment = (id: number, name: string, durationSeconds: number): Segment =>
  ({
    ...meta,
    id,
    name,
    type: 'text',
    image: null,
    url: null,
    text: name,
    durationSeconds,
    daypart: null,
    transition: 'fade',
    frameOrigins: [],
  }) as Segment;

/**
 * The signage API in memory, as the server answers: lists, create, update, delete. `fail` answers the next call of
 * a method and path with the given response instead.
 */
function fakeApi() {
  const segments = [segment(1, 'Gruß', 10), segment(2, 'Angebot', 20), segment(3, 'Wetter', 30)];
  let streams: Stream[] = [{ ...meta, id: 7, name: 'Theke', segments: [1] } as Stream];
  let scenes: Scene[] = [
    { ...meta, id: 5, path: '/theke', name: 'Theke', background: '#000000', regions: [] } as unknown as Scene,
    { ...meta, id: 6, path: '/fenster', name: 'Fenster', background: '#000000', regions: [] } as unknown as Scene,
  ];
  const failures = new Map<string, Array<() => Response>>();
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 25 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: pathname, body });
      const failure = failures.get(`${method} ${pathname}`)?.shift();
      if (failure) return failure();
      const id = Number(pathname.split('/').pop());
      if (pathname === '/api/digital-signage-segments') return list(segments);
      if (pathname === '/api/digital-signage-streams' && method === 'GET') return list(streams);
      if (pathname === '/api/digital-signage-streams' && method === 'POST') {
        const created = { ...meta, id: 8, ...body } as Stream;
        streams = [...streams, created];
        return json({ data: created }, 201);
      }
      if (pathname.startsWith('/api/digital-signage-streams/') && method === 'PUT') {
        streams = streams.map((s) => (s.id === id ? { ...s, ...body } : s));
        return json({ data: streams.find((s) => s.id === id) });
      }
      if (pathname.startsWith('/api/digital-signage-streams/') && method === 'DELETE') {
        streams = streams.filter((s) => s.id !== id);
        return json({ data: null });
      }
      if (pathname === '/api/scenes') return list(scenes);
      if (pathname.startsWith('/api/scenes/') && method === 'DELETE') {
        scenes = scenes.filter((s) => s.id !== id);
        return json({ data: null });
      }
      return json({ message: 'Nicht gefunden', code: 'NOT_FOUND' }, 404);
    }),
  );
  return {
    calls,
    fail(call: string, ...answers: Array<() => Response>) {
      failures.set(call, answers);
    },
    get streams() {
      return streams;
    },
  };
}

function open(element: React.ReactNode) {
  renderScreen(element);
}

const alert = async (text: string) => (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes(text));

describe('signage streams screen', () => {
  beforeEach(() => setCsrfToken('t'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("creates a stream, adds and removes 'Filmsequenzen', renames it and saves name and order together", async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    open(<SignageStreams />);
    await screen.findByRole('button', { name: 'Theke' });
    await user.type(screen.getByLabelText('Name des neuen Streams'), 'Fenster');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    // the new stream is open in its editor, empty
    const editor = await screen.findByRole('region', { name: 'Fenster' });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Fenster', segments: [] });
    expect(within(editor).getByText('Dieser Stream hat noch keine Filmsequenz.')).toBeTruthy();

    const choose = within(editor).getByLabelText('Filmsequenz');
    await user.selectOptions(choose, 'Wetter (Text, 30 s)');
    await user.click(within(editor).getByRole('button', { name: 'Filmsequenz hinzufügen' }));
    await user.selectOptions(choose, 'Gruß (Text, 10 s)');
    await user.click(within(editor).getByRole('button', { name: 'Filmsequenz hinzufügen' }));
    await user.selectOptions(choose, 'Angebot (Text, 20 s)');
    await user.click(within(editor).getByRole('button', { name: 'Filmsequenz hinzufügen' }));
    await user.click(within(editor).getByRole('button', { name: 'Entfernen: Gruß' }));
    await user.click(within(editor).getByRole('button', { name: 'Nach oben: Angebot' }));
    expect(
      within(editor)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Angebot', 'Wetter']);
    const name = within(editor).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Schaufenster');
    await user.click(within(editor).getByRole('button', { name: 'Speichern' }));
    await screen.findByRole('button', { name: 'Schaufenster' });
    expect(api.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/digital-signage-streams/8',
      body: { name: 'Schaufenster', segments: [2, 3] },
    });
  });

  it("deletes a stream after asking; one a scene plays shows the server's reason, without a retry", async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.fail('DELETE /api/digital-signage-streams/7', () => inUse('Stream'));
    open(<SignageStreams />);
    await user.click(await screen.findByRole('button', { name: 'Theke' }));
    await user.click(screen.getByRole('button', { name: 'Löschen: Theke' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '„Theke“ wirklich löschen?' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    const refused = await alert('Stream wird noch verwendet und kann nicht gelöscht werden.');
    expect(refused).toBeTruthy();
    expect(within(refused!).queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();

    // no longer in a scene: deleted, and gone from the list
    await user.click(screen.getByRole('button', { name: 'Löschen: Theke' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Theke' })).toBeNull());
    expect(api.streams).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Theke' })).toBeNull();
  });

  it('reports a failed create and save in the §8 words with a retry that repeats the call', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.fail('POST /api/digital-signage-streams', unavailable);
    api.fail('PUT /api/digital-signage-streams/7', unavailable);
    open(<SignageStreams />);
    await user.type(await screen.findByLabelText('Name des neuen Streams'), 'Kassa');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    const created = await alert('Stream konnte nicht erstellt werden.');
    await user.click(within(created!).getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByRole('region', { name: 'Kassa' });
    expect(api.streams.map((s) => s.name)).toEqual(['Theke', 'Kassa']);

    await user.click(screen.getByRole('button', { name: 'Theke' }));
    const editor = await screen.findByRole('region', { name: 'Theke' });
    await user.click(within(editor).getByRole('button', { name: 'Entfernen: Gruß' }));
    await user.click(within(editor).getByRole('button', { name: 'Speichern' }));
    const saved = await alert('Stream konnte nicht aktualisiert werden.');
    await user.click(within(saved!).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(api.streams.find((s) => s.id === 7)?.segments).toEqual([]));
  });

  it("reports a failed load as 'Streams konnten nicht geladen werden.' with a retry", async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.fail('GET /api/digital-signage-streams', unavailable);
    open(<SignageStreams />);
    const failed = await alert('Streams konnten nicht geladen werden.');
    await user.click(within(failed!).getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByRole('button', { name: 'Theke' });
  });
});

describe('signage scenes screen', () => {
  beforeEach(() => setCsrfToken('t'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("deletes a scene after asking; one a TV shows stays with the server's reason", async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.fail('DELETE /api/scenes/5', () => inUse('Szene'));
    open(<SignageScenes />);
    await user.click(await screen.findByRole('button', { name: 'Löschen: Theke' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '„Theke“ wirklich löschen?' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    expect(await alert('Szene wird noch verwendet und kann nicht gelöscht werden.')).toBeTruthy();
    expect(screen.getByText('/theke')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Löschen: Fenster' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByText('/fenster')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/scenes/5',
      '/api/scenes/6',
    ]);
  });

  it('reports a failed load of the streams in the §8 words with a retry; the scenes stay listed', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.fail('GET /api/digital-signage-streams', unavailable);
    open(<SignageScenes />);
    const failed = await alert('Streams konnten nicht geladen werden.');
    expect(screen.getByText('/theke')).toBeTruthy();
    // editing needs the streams a region may play
    expect((screen.getByRole('button', { name: 'Neue Szene' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(failed!).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.queryByText('Streams konnten nicht geladen werden.')).toBeNull());
    expect((screen.getByRole('button', { name: 'Neue Szene' }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls.filter((c) => c.path === '/api/digital-signage-streams')).toHaveLength(2);
  });
});
