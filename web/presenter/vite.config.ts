/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { pwaPlugin } from '../pwa-build';
import { appPlugins, CLIENT_BUILD, SERVER_BUILD, serverOptions } from '../vite-builds';

/**
 * The real-estate presenter, served by the gateway for the hosts of PRESENTER_HOSTS: index.html for every page,
 * the files of dist at /build/presenter/ (the storefront keeps /build/). mapbox-gl and the sanitiser are loaded on
 * demand (their own chunks), so the first load stays small.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/build/presenter/',
  plugins: [
    ...appPlugins(isSsrBuild, new URL('./dist', import.meta.url)),
    // its service worker (src/pwa/service-worker.ts, Workbox) → /build/presenter/service-worker.js, scope /
    ...(isSsrBuild || process.env.VITEST ? [] : [pwaPlugin('src/pwa/service-worker.ts')]),
  ],
  // the gateway's server render (src/entry-server.tsx); block renderers stay chunks of their own
  ...serverOptions(isSsrBuild),
  build: isSsrBuild ? SERVER_BUILD : CLIENT_BUILD,
  test: {
    environment: 'happy-dom',
    pool: 'threads',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // the same clean-up, leak check and DOMPurify stand-in as the shared web parts' tests
    setupFiles: ['../../libs/web-shared/src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
}));
