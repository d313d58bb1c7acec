import { defineConfig } from 'vitest/config';

/** The client runs on fetch, Request and Response alone: Node's own are enough (no DOM needed). */
export default defineConfig({
  test: { environment: 'node', pool: 'threads', include: ['src/**/*.test.ts'], restoreMocks: true },
});
