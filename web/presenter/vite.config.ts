/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../precompress';
import { reactRouterProduction } from '../react-router-production';

const SERVER_BUILD = {
  outDir: 'dist/.server',
  emptyOutDir: false,
  target: 'node20',
  sourcemap: false,
  rollupOptions: {
    input: 'src/entry-server.tsx',
    output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' },
  },
} as const;

/**
 * The real-estate presenter, served by the gateway for the hosts of PRESENTER_HOSTS: index.html for every page,
 * the files of dist at /build/presenter/ (the storefront keeps /build/). mapbox-gl and the sanitiser are loaded on
 * demand (their own chunks), so the first load stays small.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/build/presenter/',
  plugins: isSsrBuild
    ? [react(), reactRouterProduction()]
    : [react(), reactRouterProduction(), precompress(new URL('./dist', import.meta.url))],
  // the gateway's server render (src/entry-server.tsx): one CommonJS bundle with its own React, required by the
  // gateway from dist/.server (hidden files, which the gateway does not serve); block renderers stay chunks of their own
  ssr: { noExternal: true, target: 'node' },
  // React's production build in the server bundle too (its development build checks and warns on every render)
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"' } : {},
  build: isSsrBuild
    ? SERVER_BUILD
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        modulePreload: { polyfill: false },
        // dist/.vite/manifest.json: the gateway names the renderer chunks of a page's first blocks as modulepreloads
        manifest: true,
        rollupOptions: {
          treeshake: { moduleSideEffects: (id) => !/[\\/]libs[\\/](domain|i18n-de|contracts)[\\/]/.test(id) },
        },
      },
  test: {
    environment: 'happy-dom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // the same clean-up, leak check and DOMPurify stand-in as the shared web parts' tests
    setupFiles: ['../../libs/web-shared/src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
}));
