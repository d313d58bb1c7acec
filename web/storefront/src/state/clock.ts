import { useHydrated } from '@shop/web-shared';
import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The moment a server-rendered page was rendered (epoch ms; src/entry-server.tsx, and src/main.tsx from the page's
 * `data-rendered-at` while hydrating it); null for a page the browser renders itself.
 */
export const RenderTimeContext = createContext<number | null>(null);

/**
 * The current time, refreshed every `intervalMs` (opening states change by the minute). While a server-rendered page
 * is hydrated it is the server's render time (so the open/closed states match its markup), then the browser's.
 */
export function useNow(intervalMs = 30_000): Date {
  const renderedAt = useContext(RenderTimeContext);
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return !hydrated && renderedAt !== null ? new Date(renderedAt) : now;
}
