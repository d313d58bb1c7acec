import react from '@vitejs/plugin-react';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactRouterProduction } from '../react-router-production';

const here = dirname(fileURLToPath(import.meta.url));
/** keep in step with src/toolbar/staff-toolbar.ts (TOOLBAR_VERSION) and the app version */
const TOOLBAR_VERSION = '1.7.2-dev';

const gateway = 'http://127.0.0.1:3000';

/** Served by the gateway at /backend/ (index) and /backend/assets/* (hashed files). */
export default defineConfig({
  base: '/backend/',
  plugins: [react(), reactRouterProduction()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      // the app, and the staff toolbar element for public pages under a stable, versioned name
      input: { index: resolve(here, 'index.html'), 'staff-toolbar': resolve(here, 'src/toolbar/staff-toolbar.ts') },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'staff-toolbar' ? `assets/staff-toolbar-${TOOLBAR_VERSION}.js` : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': gateway, '/backend/login': gateway, '/backend/logout': gateway, '/backend/csrf-token': gateway },
  },
  // a per-test limit for a loaded CI machine (two Jest workers and Chromium beside it): vitest's 5 s default failed
  // rendering tests there that take 1–2 s on a quiet machine
  test: {
    environment: 'happy-dom',
    // each file in a worker thread, as isolated as in a forked process but set up in a third less time (all 75 files:
    // 106 → 72 s here); the same in every web project
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
