import { SW_PATH } from '@shop/domain';
import { createPwaStore, type PwaState } from '@shop/web-shared';

/**
 * The storefront's installable app (§4 "App flow" and "Cookie consent", §7 "The service worker is registered from
 * /build/service-worker.js with scope /", §9 delays): the shared store of @shop/web-shared with the storefront's
 * worker (src/sw.ts, Workbox, built by vite-plugin-pwa) and manifest (public/manifest.webmanifest). Loaded on demand
 * by the layout, never part of the first load.
 */
export const MANIFEST_PATH = '/build/manifest.webmanifest';

const store = createPwaStore({ serviceWorker: SW_PATH, manifest: MANIFEST_PATH });

export type { PwaState };
export const { startPwa, promptAllowed, scheduleInstallPrompt, usePwa } = store;
export const pwaActions = store.actions;
