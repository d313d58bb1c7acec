import { installTimerLeakCheck, takeLeakedTimers } from '@shop/testing/timer-leaks';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

installTimerLeakCheck();
// findBy… and waitFor wait up to 10 s, not 1 s: a render that takes 1.5 s on a loaded CI machine is not a failure
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // no timer of the app outlives its unmounted components (it would fire after the test file's DOM is gone)
  expect(takeLeakedTimers(), 'app timers still pending after unmount').toEqual([]);
});
