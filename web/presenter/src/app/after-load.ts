import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded (the `load` event) and the browser is next idle, at the latest `timeoutMs`
 * after the load: work the first paint does not need (footer, overlays, analytics, blocks below the fold) waits
 * until the page is drawn, in short tasks of its own instead of one long start-up task (Lighthouse TBT and LCP).
 * Returns the cancel function.
 */
export function afterLoad(task: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: timeoutMs });
    else timer = setTimeout(run, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * How many of `count` steps may render: none until {@link afterLoad}, then one more per idle period (each layer's
 * render and chunk in a task of its own, not one long task after `load` that counts toward TBT).
 */
export function useAfterLoadSteps(count: number): number {
  const [done, setDone] = useState(0);
  useEffect(() => (done < count ? afterLoad(() => setDone(done + 1)) : undefined), [done, count]);
  return done;
}
