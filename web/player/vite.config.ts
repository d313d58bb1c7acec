import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The signage player, served by the gateway at /player/ (index and hashed assets under /player/assets/); its
 * service worker (public/service-worker.js → /player/service-worker.js) controls /player/ only.
 */
export default defineConfig({
  base: '/player/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/image': 'http://127.0.0.1:3000' } },
  test: { environment: 'happy-dom', pool: 'threads', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
});
