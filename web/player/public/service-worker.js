// The signage player's offline cache: the app shell and its assets, the schedule and the media it plays.
// Media (/image/…, immutable URLs) and assets: cache first. The app page and the schedule: network first, the
// cached copy when the gateway or the network is gone, so the screen keeps playing and picks up changes later.
const CACHE = 'signage-player-v1';

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
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
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

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === '/api/digital-signage-player/events') return; // the push stream is never cached
  if (url.pathname.startsWith('/image/') || url.pathname.startsWith('/player/assets/'))
    event.respondWith(cacheFirst(event.request));
  else if (
    url.pathname === '/player/' ||
    url.pathname === '/player' ||
    url.pathname.startsWith('/api/digital-signage-player/')
  )
    event.respondWith(networkFirst(event.request));
});
