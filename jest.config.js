// One Jest run for every backend project. NestJS 12 is ESM-only, so Jest runs in ESM mode
// (NODE_OPTIONS=--experimental-vm-modules) with SWC emitting ES modules and decorator metadata.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

/** @type {import('jest').Config} */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    // workspace libraries resolve to their sources, so tests never need a build
    '^@shop/([a-z0-9-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^content-disposition$': '<rootDir>/tests/support/content-disposition.cjs',
  },
  testMatch: ['<rootDir>/{libs,services,gateway,tests}/**/*.{spec,e2e-spec}.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  collectCoverageFrom: ['libs/domain/src/**/*.ts', '!**/*.spec.ts', '!**/index.ts'],
  coverageReporters: ['text-summary', 'json-summary'],
  testTimeout: 30000,
  // a worker whose heap has grown past this after a test file is replaced by a fresh one: every file starts Nest
  // applications and loads modules through Node's vm (ESM), and what they leave behind grew each of the two workers to
  // ~4.7 GB by the end of a run, where garbage collection made specs that take 2 s alone take 20-46 s
  workerIdleMemoryLimit: '1536MB',
  reporters: ['default', ['<rootDir>/tests/support/slowest-files-reporter.cjs', { count: 20 }]],
};
