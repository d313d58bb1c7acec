import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { installTimerLeakCheck, takeLeakedTimers } from '@shop/testing/timer-leaks';

installTimerLeakCheck();
// findBy… and waitFor wait up to 10 s, not 1 s: a render that takes 1.5 s on a loaded CI machine is not a failure
configure({ asyncUtilTimeout: 10_000 });

// happy-dom cannot run DOMPurify (it drops allowed elements and keeps event handlers): component tests pass HTML
// through unchanged; the sanitising itself is tested in Chromium (tests/browser/storefront-layout.e2e-spec.ts)
vi.mock('dompurify', () => ({ default: { sanitize: (html: string) => html } }));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  // no timer of the app outlives its unmounted components (it would fire after the test file's DOM is gone)
  expect(takeLeakedTimers(), 'app timers still pending after unmount').toEqual([]);
});
