/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

/**
 * The service worker of the storefront and of the presenter (storefront-presenter.md §4 "App flow", §7), built by
 * vite-plugin-pwa from each app's worker file (Workbox, injectManifest), served from the app's build folder with
 * scope / (the gateway sends Service-Worker-Allowed: /). It only registers while enablePluginPWA is on. Every cache
 * expires (Workbox's ExpirationPlugin), so a visitor's storage does not grow without end:
 * - the app's build (the manifest Workbox injects: scripts, styles, icons; no map library): precached, old
 *   versions removed when a new worker activates;
 * - other hashed build assets (/build/…/assets/*): cache first (they never change under the same name);
 * - images (/image/*) and the stored font files (/font/*): cache first;
 * - page navigations: network first, the last good copy of the page (or else of /) when offline;
 * - the API (/api/*), the back office and uploads: never cached (orders, prices and statuses must be live).
 * A new worker waits until the page asks it to take over ('App neustarten' → SKIP_WAITING); the first one claims
 * the open pages at once.
 */
declare const self: ServiceWorkerGlobalScope;

export const DAY_S = 24 * 60 * 60;

/** Each runtime cache: its entries at most, and how long one is kept (seconds). */
export const CACHE_LIMITS = {
  pages: { maxEntries: 30, maxAgeSeconds: 7 * DAY_S },
  assets: { maxEntries: 150, maxAgeSeconds: 30 * DAY_S },
  images: { maxEntries: 120, maxAgeSeconds: 14 * DAY_S },
  fonts: { maxEntries: 30, maxAgeSeconds: 365 * DAY_S },
} as const;

/** the hand-written worker's cache before Workbox (issue 43): removed when this worker activates */
const LEGACY_CACHES = ['storefront-v1'];

export function startWorker(app: 'storefront' | 'presenter', precache: Array<PrecacheEntry | string>): void {
  // one worker per origin: caches named by the app (storefront-precache-v2, storefront-pages, …)
  setCacheNameDetails({ prefix: app, precache: 'precache', suffix: 'v2' });
  const cache = (name: keyof typeof CACHE_LIMITS) => `${app}-${name}`;
  const expiring = (name: keyof typeof CACHE_LIMITS) => [
    new ExpirationPlugin({ ...CACHE_LIMITS[name], purgeOnQuotaError: true }),
  ];

  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(Promise.all(LEGACY_CACHES.map((name) => caches.delete(name))));
  });
  clientsClaim();
  cleanupOutdatedCaches();
  precacheAndRoute(precache);

  const sameOrigin = (url: URL) => url.origin === self.location.origin;
  const live = (url: URL) => /^\/(api|backend|upload|dev)(\/|$)/.test(url.pathname);

  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !live(url),
    new NetworkFirst({ cacheName: cache('pages'), plugins: expiring('pages') }),
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/build/') && url.pathname.includes('/assets/'),
    new CacheFirst({ cacheName: cache('assets'), plugins: expiring('assets') }),
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/image/'),
    new CacheFirst({ cacheName: cache('images'), plugins: expiring('images') }),
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/font/'),
    new CacheFirst({ cacheName: cache('fonts'), plugins: expiring('fonts') }),
  );

  // offline, a page never visited: the last copy of the home page (the app renders the path itself)
  setCatchHandler(async ({ request }) => {
    if (request.mode !== 'navigate') return Response.error();
    const pages = await caches.open(cache('pages'));
    const home = await pages.match(new URL('/', self.location.origin).href);
    return home ?? Response.error();
  });
}
