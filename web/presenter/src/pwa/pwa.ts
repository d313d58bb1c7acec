import { createPwaStore } from '@shop/web-shared';

/**
 * The presenter's installable app (storefront-presenter.md §1 "Visitors can … install the site as an app", §4 "App
 * flow" and "Cookie consent"): the storefront's store from @shop/web-shared with the presenter's worker
 * (src/pwa/service-worker.ts, Workbox) and manifest (public/manifest.webmanifest), both under /build/presenter/.
 */
export const PRESENTER_SW_PATH = '/build/presenter/service-worker.js';
export const PRESENTER_MANIFEST_PATH = '/build/presenter/manifest.webmanifest';

export const presenterPwa = createPwaStore({
  serviceWorker: PRESENTER_SW_PATH,
  manifest: PRESENTER_MANIFEST_PATH,
});
