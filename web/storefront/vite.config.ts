/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from '../precompress';
import { reactRouterProduction } from '../react-router-production';

/** The app version (root package.json): the staff toolbar of the back office is built under this name. */
const APP_VERSION = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

/**
 * The storefront is served by the gateway: index.html for every client route, the files of dist at /build/
 * (dist/service-worker.js → /build/service-worker.js, allowed scope /).
 */
export default defineConfig({
  base: '/build/',
  plugins: [react(), reactRouterProduction(), precompress(new URL('./dist', import.meta.url))],
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the gateway names a deep link's page chunks as modulepreloads (issue 22)
    manifest: true,
    rollupOptions: {
      // the shared libs are pure modules (no side effects on import), but their package.json does not say so:
      // without this, module-level constants that call a function keep unused modules in the first load
      treeshake: { moduleSideEffects: (id) => !/[\\/]libs[\\/](domain|i18n-de|contracts)[\\/]/.test(id) },
    },
  },
  test: {
    environment: 'happy-dom',
    // scripts a component adds (the staff toolbar) are not fetched in tests: count them as loaded, silently
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // the same clean-up, leak check and DOMPurify stand-in as the shared web parts' tests
    setupFiles: ['../../libs/web-shared/src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
