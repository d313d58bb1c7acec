/**
 * For the web apps' component tests: finds timers of the app's own code still pending after a test unmounted its
 * components. Such a timer fires after the test file's DOM is gone (issue 24: the storefront's analytics tick threw
 * 'document is not defined' and Vitest failed the whole run). Timers of libraries (React's scheduler, SWR,
 * testing-library) are not counted: only those whose nearest caller is a file under src/ that is not a test.
 * Browser-safe (no node imports): it is its own entry, '@shop/testing/timer-leaks'.
 */
type Handle = ReturnType<typeof setTimeout>;

const live = new Map<Handle, string>();
const real = { setTimeout, clearTimeout, setInterval, clearInterval };

function ownCaller(): string | null {
  const frames = (new Error().stack ?? '').split('\n').slice(3);
  const first = frames.find((f) => !f.includes('timer-leaks'));
  if (!first || first.includes('node_modules') || !first.includes('/src/') || /\.test\.tsx?/.test(first)) return null;
  return first.trim();
}

function track<A extends unknown[]>(create: (fn: (...a: A) => void, ms?: number, ...a: A) => Handle, once: boolean) {
  return (fn: (...a: A) => void, ms?: number, ...args: A): Handle => {
    const caller = ownCaller();
    const handle: Handle = create(
      (...a: A) => {
        if (once) live.delete(handle);
        fn(...a);
      },
      ms,
      ...args,
    );
    if (caller) live.set(handle, caller);
    return handle;
  };
}

export function installTimerLeakCheck(): void {
  globalThis.setTimeout = track(real.setTimeout as never, true) as typeof setTimeout;
  globalThis.setInterval = track(real.setInterval as never, false) as typeof setInterval;
  globalThis.clearTimeout = ((h?: Handle) => {
    if (h) live.delete(h);
    real.clearTimeout(h);
  }) as typeof clearTimeout;
  globalThis.clearInterval = ((h?: Handle) => {
    if (h) live.delete(h);
    real.clearInterval(h);
  }) as typeof clearInterval;
}

/** The app timers still pending (call after unmounting); forgets them so that one leak fails one test. */
export function takeLeakedTimers(): string[] {
  const leaked = [...live.values()];
  live.clear();
  return leaked;
}
