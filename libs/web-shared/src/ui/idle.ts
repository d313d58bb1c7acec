/**
 * Issue 22 (total blocking time): work the first paint does not need (the PWA set-up, the cart migration, scroll
 * effects, the device event) runs when the browser is idle after the page has loaded, not in the tasks that build
 * the first page. `requestIdleCallback` where the browser has it (at the latest after `timeoutMs`), else a short
 * timer. Returns the function that cancels it (an unmount before it ran).
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1);
  return () => clearTimeout(handle);
}
