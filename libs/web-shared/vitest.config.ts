import { defineConfig } from 'vitest/config';

/** The shared web parts run in the browser: happy-dom, the same leak check and clean-up as the apps' tests. */
export default defineConfig({
  test: {
    environment: 'happy-dom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
