import { PAGE_VIEW_REPORT_DELAY_MS, SCROLL_RESTORE_DELAY_MS } from '@shop/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { track } from '@shop/web-shared';

/**
 * §2.1 "after each navigation the page address is reported after 250 ms. Back navigation restores the saved scroll
 * position after 750 ms. A hash target scrolls smoothly after 750 ms. Anything else scrolls smoothly to the top."
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);

  useEffect(() => {
    // the position of the page being left, for its back navigation
    const save = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useEffect(() => {
    current.current = location.key;
    const report = setTimeout(
      () => track('pageview', location.pathname, 'navigation', { path: location.pathname }),
      PAGE_VIEW_REPORT_DELAY_MS,
    );
    let scroll: ReturnType<typeof setTimeout> | undefined;
    const saved = positions.current.get(location.key);
    if (type === 'POP' && saved !== undefined) {
      scroll = setTimeout(() => window.scrollTo({ top: saved }), SCROLL_RESTORE_DELAY_MS);
    } else if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      scroll = setTimeout(
        () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' }),
        SCROLL_RESTORE_DELAY_MS,
      );
    } else {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    return () => {
      clearTimeout(report);
      clearTimeout(scroll);
    };
  }, [location.key, location.pathname, location.hash, type]);
}
