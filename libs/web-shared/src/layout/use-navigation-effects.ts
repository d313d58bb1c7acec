import { PAGE_VIEW_REPORT_DELAY_MS, SCROLL_RESTORE_DELAY_MS } from '@shop/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { track } from '../analytics/analytics';

/**
 * §2.1 "after each navigation the page address is reported after 250 ms. Back navigation restores the saved
 * scroll position after 750 ms. A hash target scrolls smoothly after 750 ms. Anything else scrolls smoothly
 * to the top."
 */
export function useNavigationEffects() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const first = useRef(true);
  useEffect(() => {
    const key = location.key;
    const save = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);
  useEffect(() => {
    const report = setTimeout(
      () => track('pageview', location.pathname, 'navigation', { path: location.pathname }),
      PAGE_VIEW_REPORT_DELAY_MS,
    );
    let scroll: ReturnType<typeof setTimeout> | undefined;
    // a page loaded on demand may render the hash target later: look again every 100 ms for up to 3 s
    const toHash = (id: string, tries: number) => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth' });
      else if (tries > 0) scroll = setTimeout(() => toHash(id, tries - 1), 100);
    };
    const isFirst = first.current;
    first.current = false;
    const hash = location.hash.slice(1);
    if (type === 'POP' && !isFirst) {
      const y = positions.current.get(location.key);
      if (y !== undefined) scroll = setTimeout(() => window.scrollTo({ top: y }), SCROLL_RESTORE_DELAY_MS);
    } else if (hash) {
      scroll = setTimeout(() => toHash(hash, 30), SCROLL_RESTORE_DELAY_MS);
    } else if (!isFirst) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    return () => {
      clearTimeout(report);
      if (scroll) clearTimeout(scroll);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation (location.key); the rest is read at that moment
  }, [location.key]);
}
