import { installTimerLeakCheck, takeLeakedTimers } from '@shop/testing/timer-leaks';
import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

installTimerLeakCheck();

afterEach(() => {
  cleanup();
  // no timer of the app outlives its unmounted components (it would fire after the test file's DOM is gone)
  expect(takeLeakedTimers(), 'app timers still pending after unmount').toEqual([]);
});
