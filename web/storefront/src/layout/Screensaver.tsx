import { useEffect, useState } from 'react';
import { s } from '../texts';

/** Self-service terminals: after a minute without input the screensaver 'Tippen um zu bestellen' covers the page. */
export const SCREENSAVER_IDLE_MS = 60_000;

export function Screensaver() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), SCREENSAVER_IDLE_MS);
    const wake = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), SCREENSAVER_IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, wake, { passive: true }));
    return () => {
      clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, wake));
    };
  }, []);
  if (!idle) return null;
  return (
    <button type="button" className="screensaver" onClick={() => setIdle(false)}>
      {s('screensaver')}
    </button>
  );
}
