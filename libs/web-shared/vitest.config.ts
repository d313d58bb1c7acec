import { defineConfig } from 'vitest/config';

/**
 * The shared web parts run in the browser: happy-dom and src/test/setup.ts (clean-up, timer leak check, DOMPurify
 * stand-in), the setup the storefront's and presenter's tests use too.
 */
export default defineConfig({
  test: {
    environment: 'happy-dom',
    pool: 'threads',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
