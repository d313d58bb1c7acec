// The signage player's offline cache: the app shell and its assets, the schedule and the media it plays.
// Assets: cache first. The app page and the schedule: network first, the cached copy when the gateway or the network
// is gone, so the screen keeps playing and picks up changes later.
// Media (images, videos, also of other hosts): the page fetches those its schedule lists into MEDIA ahead of showing
// them and drops the others (src/media-cache.ts); this worker answers the screen's requests for them from there.
const CACHE = 'signage-player-v1';
const MEDIA = 'signage-player-media-v1';

/** the URLs in MEDIA, for answering another host's media without a network round trip first */
let media = new Set();
const loadMedia = () =>
  caches
    .open(MEDIA)
    .then((c) => c.keys())
    .then((keys) => {
      media = new Set(keys.map((k) => k.url));
    });
void loadMedia();

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(['/player/']))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== MEDIA).map((k) => caches.delete(k))))
      // images once went into the shell's cache as they were shown, without bound: MEDIA holds them now
      .then(() => caches.open(CACHE))
      .then((c) =>
        c
          .keys()
          .then((keys) =>
            Promise.all(keys.filter((k) => new URL(k.url).pathname.startsWith('/image/')).map((k) => c.delete(k))),
          ),
      )
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'media-cached') event.waitUntil(loadMedia());
});

const cacheFirst = async (request) => {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
};
const networkFirst = async (request) => {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(request, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
};

/**
 * `Range: bytes=a-b` of a kept answer (a video element asks for ranges): the part as 206. An opaque answer cannot
 * be cut, so it goes whole (a 200 the element accepts).
 */
const ranged = async (request, res) => {
  const range = /^bytes=(\d*)-(\d*)$/.exec((request.headers.get('range') || '').trim());
  if (!range || res.type === 'opaque' || res.status !== 200 || (range[1] === '' && range[2] === '')) return res;
  const body = await res.blob();
  const size = body.size;
  const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
  if (start >= size || start > end)
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'content-type': res.headers.get('content-type') || 'application/octet-stream',
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': String(end - start + 1),
    },
  });
};
/** a medium from MEDIA; one not there from the network (same-origin images are kept as they are shown) */
const fromMedia = async (request, keep) => {
  const cache = await caches.open(MEDIA);
  const hit = await cache.match(request.url, { ignoreVary: true });
  if (hit) return ranged(request, hit);
  const res = await fetch(request);
  if (keep && res.status === 200) await cache.put(request.url, res.clone());
  return res;
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const same = url.origin === self.location.origin;
  // another host's image or video: only what MEDIA holds (this worker may not fetch from other hosts itself)
  if (!same) {
    if (media.has(url.href)) event.respondWith(fromMedia(request, false));
    return;
  }
  if (url.pathname === '/api/digital-signage-player/events') return; // the push stream is never cached
  if (url.pathname.startsWith('/image/')) event.respondWith(fromMedia(request, true));
  else if (media.has(url.href) || request.destination === 'video') event.respondWith(fromMedia(request, false));
  else if (url.pathname.startsWith('/player/assets/')) event.respondWith(cacheFirst(request));
  else if (
    url.pathname === '/player/' ||
    url.pathname === '/player' ||
    url.pathname.startsWith('/api/digital-signage-player/')
  )
    event.respondWith(networkFirst(request));
});
