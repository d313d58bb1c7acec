import type { PlayerSchedule, PlayerSegment } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_CACHE, mediaUrls, precacheMedia } from './media-cache';

const ORIGIN = 'https://shop.example.at';
const segment = (id: number, type: PlayerSegment['type'], url: string | null): PlayerSegment => ({
  id,
  type,
  name: `S${id}`,
  url,
  text: type === 'text' ? 'Hallo' : null,
  durationSeconds: 10,
  daypart: null,
  transition: 'fade',
});
const scene = (id: number, segments: PlayerSegment[]) => ({
  id,
  path: `/s${id}`,
  name: `Szene ${id}`,
  background: '#000000',
  regions: [{ name: 'Vollbild', x: 0, y: 0, width: 100, height: 100, stream: id, segments }],
});
const schedule = (main: PlayerSegment[], extra: PlayerSegment[] = []) =>
  ({
    scene: scene(1, main),
    extraScenes: extra.length ? [scene(2, extra)] : [],
  }) as unknown as PlayerSchedule;

/** the Cache API as far as the player uses it, in memory (happy-dom has none) */
function memoryCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (r: Request) => entries.delete(r.url),
    match: async (url: string) => entries.get(url),
    put: async (url: string, res: Response) => void entries.set(url, res),
  };
  const storage = { open: vi.fn(async () => cache) } as unknown as CacheStorage;
  return { storage, entries };
}

describe("the player's media cache", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the images and videos of the scene and the extra scenes, absolute and once, nothing else', () => {
    const s = schedule(
      [
        segment(1, 'image', '/image/4-1.png'),
        segment(2, 'text', null),
        segment(3, 'video', 'https://videos.example.at/a.mp4'),
        segment(4, 'web', 'https://wetter.example.at/'),
        segment(5, 'image', '/image/4-1.png'),
      ],
      [segment(6, 'video', '/upload/abc/7-1.mp4')],
    );
    expect(mediaUrls(s, `${ORIGIN}/player/?device=tv-1`)).toEqual([
      `${ORIGIN}/image/4-1.png`,
      'https://videos.example.at/a.mp4',
      `${ORIGIN}/upload/abc/7-1.mp4`,
    ]);
  });

  it('fetches what is missing (another host: CORS, else opaque), keeps what it has and drops what is not listed', async () => {
    const { storage, entries } = memoryCaches();
    entries.set(`${ORIGIN}/image/1-1.png`, new Response('alt'));
    entries.set(`${ORIGIN}/image/2-1.png`, new Response('behalten'));
    const opaque = { type: 'opaque', ok: false, status: 0 } as Response;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === `${ORIGIN}/image/3-1.png`) return new Response('neu');
      if (url === 'https://cors.example.at/a.webm') return new Response('video');
      if (url === 'https://opaque.example.at/b.webm' && init.mode === 'cors') throw new TypeError('CORS');
      if (url === 'https://opaque.example.at/b.webm') return opaque;
      throw new TypeError('offline');
    });
    await precacheMedia(
      [
        `${ORIGIN}/image/2-1.png`,
        `${ORIGIN}/image/3-1.png`,
        'https://cors.example.at/a.webm',
        'https://opaque.example.at/b.webm',
        `${ORIGIN}/image/9-1.png`,
      ],
      storage,
      ORIGIN,
    );
    expect(storage.open).toHaveBeenCalledWith(MEDIA_CACHE);
    expect([...entries.keys()]).toEqual([
      `${ORIGIN}/image/2-1.png`,
      `${ORIGIN}/image/3-1.png`,
      'https://cors.example.at/a.webm',
      'https://opaque.example.at/b.webm',
    ]);
    expect(entries.get('https://opaque.example.at/b.webm')).toBe(opaque);
    // the kept one is not fetched again; the unreachable one is left out until the next schedule
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(`${ORIGIN}/image/2-1.png`);
    expect(fetchMock.mock.calls.find(([url]) => url === 'https://cors.example.at/a.webm')?.[1]).toMatchObject({
      mode: 'cors',
      credentials: 'omit',
    });
  });
});
