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
  reporters: ['default', ['<rootDir>/tests/support/slowest-files-reporter.cjs', { count: 20 }]],
};
