// ESLint for the whole repository (`npm run lint`, part of `npm test`). Formatting is Prettier's job
// (eslint-config-prettier switches the stylistic rules off); this file checks what a type-check cannot.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

// ESLint's own recommended rules (what @eslint/js exports as configs.recommended, read from the rules' metadata)
const eslintRecommended = {
  rules: Object.fromEntries(
    [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
  ),
};

const root = fileURLToPath(new URL('.', import.meta.url));

// import-x resolves a workspace library to its sources (as Jest and Vite do), so a cycle through a library is found
// without a build. Relative imports are written `./x.js` for NodeNext and resolve to `./x.ts`.
const libraryAliases = Object.fromEntries(
  readdirSync(new URL('libs', import.meta.url)).map((lib) => [`@shop/${lib}$`, [`${root}libs/${lib}/src/index.ts`]]),
);

/** Tests and the test harness (libs/testing, the web apps' test setup). */
const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.test.{ts,tsx}',
  'tests/**',
  'web/*/src/test/**',
  'libs/web-shared/src/test/**',
  'libs/web-shared/src/fixtures/**',
  'libs/testing/src/**',
];

/** Files that may read process.env: the config loaders, the test harness, scripts and tool configs. */
const ENV_READERS = [
  '**/src/config/*-config.ts',
  'libs/server/src/config/config.ts',
  // the test harness: where the local Postgres, Redis and NATS of a test run are
  'libs/testing/src/**',
  'scripts/**',
  // the operator's scripts (compose check, journey): their settings are the operator's environment
  'deploy/**',
  'tests/**',
  '**/*.spec.ts',
  '**/*.config.*',
  '**/vite.config.ts',
];

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/coverage/',
    'var/',
    '.nx/',
    'tmp/',
    'test-results/',
    'reports/',
    // generated: TypeORM migrations are committed as the CLI wrote them
    '**/database/migrations/[0-9]*-*.ts',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  eslintRecommended,
  tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {},
    },
  },
  // Node: everything outside the web apps' sources
  {
    files: ['**/*.{js,mjs,cjs,ts}'],
    ignores: ['web/*/src/**', 'libs/web-shared/src/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        clearImmediate: 'readonly',
        queueMicrotask: 'readonly',
        structuredClone: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        performance: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
      },
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', exports: 'writable' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // the code base's habit: a leading _ marks a parameter or binding kept for its position, and `{ id, ...rest }`
      // drops fields from a copy
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // NestJS modules are empty classes carrying a decorator
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
    },
  },
  // tests assert on the value right after (`expect(x).toBeDefined()`, `rows[0]!`): a failed `!` fails the test, which
  // is the point; ~340 assertions would otherwise need a guard each. They also walk untyped JSON (response bodies,
  // the OpenAPI document, what a fake provider received) as `any`, which supertest's `body` already is.
  {
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  // the page audits hand functions to page.evaluate, which run in the browser
  {
    files: ['scripts/quality/**'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },
  // TypeScript knows which names exist; no-undef only doubles it (and knows no DOM or type-only globals)
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-undef': 'off' },
  },
  // the browser: web apps' sources and the service worker
  {
    files: ['web/*/src/**', 'web/*/public/**', 'libs/web-shared/src/**'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        self: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        caches: 'readonly',
        URL: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'libs/web-shared/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // import cycles, anywhere
  {
    plugins: { 'import-x': importX },
    settings: {
      // the TypeScript files are read too (by default import-x follows only .js files into their imports)
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          alias: libraryAliases,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  // issue 40: 0 import cycles, kept so by lint. The walk stops at npm packages (they cannot import ours back; half of
  // lint's time and 1 GB less); @shop/* are ours, so they are named internal (import-x would call a path outside the
  // linted file's package external) and followed into their sources. No maxDepth: a cycle of any length is found at
  // no measurable cost. `import type` never counts (the rule skips type-only imports itself).
  {
    settings: { 'import-x/internal-regex': '^@shop/' },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // libraries are imported through their entry points only (conventions: "no deep imports")
  {
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // declared entry points of their own: the timer-leak check, web-shared's server renderer (server bundles only)
              regex: '^@shop/(?!testing/timer-leaks$|web-shared/server$)[^/]+/.+',
              message: 'Import a workspace library through its entry point (@shop/<lib>), not a file inside it.',
            },
            {
              regex: '(^|/)libs/[^/]+/(src|dist)(/|$)',
              message: 'Import a workspace library as @shop/<lib>, not by a path into its folder.',
            },
          ],
        },
      ],
    },
  },
  // configuration is read once, validated, in src/config/<app>-config.ts
  {
    ignores: ENV_READERS,
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            "Read configuration in src/config/<app>-config.ts (loadConfig) and pass it in; don't read process.env here.",
        },
      ],
    },
  },
  prettier,
);
