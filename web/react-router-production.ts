import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PRODUCTION = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
const PRODUCTION_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** `Form.displayName = "Form";` at the top level of react-router's files (names for React's developer tools) */
const DISPLAY_NAME = /^\w+\.displayName = "\w+";$/gm;

/**
 * react-router 7 names only its development build in its package exports (remix-run/react-router#14102, #14753):
 * a production bundle carried its development warnings and their messages. In a production build (the browser's
 * and the presenter's server bundle alike, so both render the same) 'react-router' and 'react-router/dom' resolve
 * to the package's own dist/production files, which differ only in ENABLE_DEV_WARNINGS = false. Tests and the dev
 * server keep the warnings. Those files also name their components for React's developer tools at the top level
 * (`NavLink.displayName = "NavLink"`): statements with an effect, which kept every component named so in the bundle
 * whether used or not (Form, NavLink and what only they use: 140 B gzip of the storefront's entry, issue 22); the
 * production build leaves the names out, as React's own production builds do. Shared by the web apps'
 * vite.config.ts.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    config: (_config, { mode }) =>
      mode === 'production'
        ? {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: PRODUCTION('index.mjs') },
                { find: /^react-router\/dom$/, replacement: PRODUCTION('dom-export.mjs') },
              ],
            },
          }
        : undefined,
    transform(code, id) {
      return PRODUCTION_FILE.test(id) ? { code: code.replace(DISPLAY_NAME, ''), map: null } : undefined;
    },
  };
}
