import type { PlayerSchedule } from '@shop/contracts';

/**
 * The media of the schedule, fetched ahead into a cache of their own (the service worker answers the screen's
 * requests for them from it, public/service-worker.js), so a segment not shown yet plays without network too. The
 * page fetches them, not the service worker: its CSP lists the other hosts of its videos (connect-src), the
 * worker's does not. The cache holds what the schedule lists and nothing else (bounded by it).
 */
export const MEDIA_CACHE = 'signage-player-media-v1';

/** The absolute URLs of the images and videos the schedule's scenes play (the extra scenes' too), each once. */
export function mediaUrls(schedule: PlayerSchedule, base: string): string[] {
  const urls = [schedule.scene, ...schedule.extraScenes].flatMap((scene) =>
    (scene?.regions ?? []).flatMap((r) =>
      r.segments.flatMap((s) => ((s.type === 'image' || s.type === 'video') && s.url ? [s.url] : [])),
    ),
  );
  const absolute = urls.flatMap((url) => {
    try {
      return [new URL(url, base).href];
    } catch {
      return [];
    }
  });
  return [...new Set(absolute)];
}

/**
 * The answer to keep for a medium: same-origin as it comes; from another host with CORS if it allows, else the
 * opaque answer (playable by a video or image element, unreadable to scripts). Null when there is none to keep.
 */
async function fetchForCache(url: string, origin: string): Promise<Response | null> {
  if (new URL(url).origin === origin) {
    const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
    return res?.ok ? res : null;
  }
  const cors = await fetch(url, { mode: 'cors', credentials: 'omit' }).catch(() => null);
  if (cors?.ok) return cors;
  const opaque = await fetch(url, { mode: 'no-cors', credentials: 'omit' }).catch(() => null);
  return opaque?.type === 'opaque' ? opaque : null;
}

async function sync(urls: string[], storage: CacheStorage, origin: string): Promise<void> {
  const cache = await storage.open(MEDIA_CACHE);
  const wanted = new Set(urls);
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
  // one at a time: a new schedule reaches every screen at once, the gateway serves them all
  for (const url of urls) {
    if (await cache.match(url, { ignoreVary: true })) continue;
    const res = await fetchForCache(url, origin);
    if (res) await cache.put(url, res).catch(() => undefined);
  }
}

let running: Promise<void> = Promise.resolve();

/**
 * Brings the media cache to `urls`: drops what is no longer listed, fetches what is missing (a failure leaves it
 * out until the next schedule), then tells the service worker. Runs one after another; a browser without the Cache
 * API (an insecure origin) does nothing.
 */
export function precacheMedia(
  urls: string[],
  storage: CacheStorage | undefined = globalThis.caches,
  origin = globalThis.location.origin,
): Promise<void> {
  if (!storage) return Promise.resolve();
  running = running
    .then(() => sync(urls, storage, origin))
    .catch(() => undefined)
    .then(() => {
      if ('serviceWorker' in navigator) navigator.serviceWorker.controller?.postMessage({ type: 'media-cached' });
    });
  return running;
}
