import { useEffect } from 'react';

/**
 * §2.2 scroll animation and parallax for the whole page, started after the first render from their own chunk
 * (./scroll-effects) and stopped with the layout that mounted them.
 */
export function useScrollEffects(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./scroll-effects').then((m) => {
      if (!cancelled) stop = m.startScrollEffects();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
