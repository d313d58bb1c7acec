import { useEffect } from 'react';
import { whenIdle } from '../ui/idle';

/**
 * §2.2 scroll animation and parallax for the whole page, started when the browser is idle after the first render
 * (issue 22: not in the first page's tasks; elements are shown as they are until then) from their own chunk
 * (./scroll-effects) and stopped with the layout that mounted them.
 */
export function useScrollEffects(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import('./scroll-effects').then((m) => {
        if (!cancelled) stop = m.startScrollEffects();
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, []);
}
