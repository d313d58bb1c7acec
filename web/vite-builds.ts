import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { precompress } from './precompress';
import { reactRouterProduction } from './react-router-production';

/**
 * The build settings the storefront and the presenter share (their vite.config.ts): the browser bundle, and the
 * server bundle of src/entry-server.tsx that the gateway requires to render a visitor's first screen.
 */
export const CLIENT_BUILD = {
  outDir: 'dist',
  emptyOutDir: true,
  target: 'es2022',
  sourcemap: false,
  modulePreload: { polyfill: false },
  // dist/.vite/manifest.json: the gateway names a page's chunks as modulepreloads (issues 17 and 22)
  manifest: true,
  rollupOptions: {
    // the shared libs are pure modules (no side effects on import), but their package.json does not say so:
    // without this, module-level constants that call a function keep unused modules in the first load
    treeshake: { moduleSideEffects: (id: string) => !/[\\/]libs[\\/](domain|i18n-de|contracts)[\\/]/.test(id) },
  },
} as const;

/**
 * One CommonJS bundle with its own React, in dist/.server (hidden files, which the gateway does not serve); lazy
 * pages and block renderers stay chunks of their own.
 */
export const SERVER_BUILD = {
  outDir: 'dist/.server',
  emptyOutDir: false,
  target: 'node20',
  sourcemap: false,
  // the icons and the service worker are the browser build's
  copyPublicDir: false,
  rollupOptions: {
    input: 'src/entry-server.tsx',
    output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' },
  },
} as const;

/** The options of a server build (`vite build --ssr`): every dependency bundled, React's production build. */
export const serverOptions = (isSsrBuild: boolean | undefined) => ({
  ssr: { noExternal: true as const, target: 'node' as const },
  // React's production build in the server bundle too (its development build checks and warns on every render)
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"' } : {},
});

/**
 * V8's explicit compile hint (Chrome 136+) at the top of the entry chunk: its functions run on load (they render or
 * hydrate the first screen), so V8 compiles them with the file on a background thread instead of one by one on the
 * main thread when first called (issue 22: the long tasks of a page load on a slow phone). Added after minification,
 * which drops comments, and after Vite's own prelude (the comment must open the file).
 */
function compileHints(): Plugin {
  return {
    name: 'shop:compile-hints',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      },
    },
  };
}

/** React, react-router's production files, and (browser bundles only) the compile hint and brotli copies of assets. */
export const appPlugins = (isSsrBuild: boolean | undefined, dist: URL) =>
  isSsrBuild
    ? [react(), reactRouterProduction()]
    : [react(), reactRouterProduction(), compileHints(), precompress(dist)];
