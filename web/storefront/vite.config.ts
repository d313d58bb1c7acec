/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { pwaPlugin } from '../pwa-build';
import { appPlugins, CLIENT_BUILD, SERVER_BUILD, serverOptions } from '../vite-builds';

/** The app version (root package.json): the staff toolbar of the back office is built under this name. */
const APP_VERSION = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

/**
 * The storefront is served by the gateway: index.html for every client route, the files of dist at /build/
 * (dist/service-worker.js → /build/service-worker.js, allowed scope /: Workbox, built from src/service-worker.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/build/',
  plugins: [
    ...appPlugins(isSsrBuild, new URL('./dist', import.meta.url)),
    ...(isSsrBuild || process.env.VITEST ? [] : [pwaPlugin('src/service-worker.ts')]),
  ],
  // the gateway's server render of a visitor's branch list and branch page (src/entry-server.tsx, issue 22)
  ...serverOptions(isSsrBuild),
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION), ...serverOptions(isSsrBuild).define },
  build: isSsrBuild ? SERVER_BUILD : CLIENT_BUILD,
  test: {
    environment: 'happy-dom',
    pool: 'threads',
    // scripts a component adds (the staff toolbar) are not fetched in tests: count them as loaded, silently
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // the same clean-up, leak check and DOMPurify stand-in as the shared web parts' tests
    setupFiles: ['../../libs/web-shared/src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
}));
