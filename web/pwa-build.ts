import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker of an app's browser build (issue 43): Workbox through vite-plugin-pwa's injectManifest, from
 * `src` (the app's worker file, which calls web/pwa-worker.ts) to dist/service-worker.js, with the build's scripts,
 * styles and icons as its precache. Registration is the app's own (its pwa module, through workbox-window on
 * demand), and the manifest is the app's public/manifest.webmanifest: the plugin injects neither.
 */
export function pwaPlugin(src: string) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: src.slice(0, src.lastIndexOf('/')),
    filename: src.slice(src.lastIndexOf('/') + 1),
    injectRegister: false,
    manifest: false,
    // the worker is registered only with enablePluginPWA on, and only in the browser build
    devOptions: { enabled: false },
    injectManifest: {
      globPatterns: ['assets/*.{js,css}', 'icon*.{svg,png}'],
      // the map library (1.9 MB) loads only with consent and a map on the page: cached when used, not precached
      globIgnores: ['**/mapbox-gl-*'],
      maximumFileSizeToCacheInBytes: 400 * 1024,
      rollupFormat: 'iife',
    },
  });
}
