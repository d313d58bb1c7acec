/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** Brotli copies (file.br) of the text assets, which the gateway sends to browsers that accept br. */
function precompress(): Plugin {
  return {
    name: 'storefront-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(fileURLToPath(new URL('./dist', import.meta.url)))) {
        if (!/\.(js|css|svg|webmanifest|json)$/.test(file) || file.endsWith('service-worker.js')) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}

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
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
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
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
