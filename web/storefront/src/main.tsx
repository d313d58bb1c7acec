import { learnZoneDays, type ZoneDays } from '@shop/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/routes';
import { RenderTimeContext } from './state/clock';
import './styles.css';

// eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- index.html has the #root element
const root = document.getElementById('root')!;
// a visitor's branch list or branch page arrives rendered by the gateway (src/entry-server.tsx) at this time
const renderedAt = Number(root.dataset.renderedAt) || null;
// with the time-zone offsets its open/closed states used (no Intl format to create while hydrating)
try {
  learnZoneDays(JSON.parse(root.dataset.zoneOffsets ?? '[]') as ZoneDays[]);
} catch {
  /* not such a list: Intl answers */
}
const app = (
  <StrictMode>
    <RenderTimeContext.Provider value={renderedAt}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </RenderTimeContext.Provider>
  </StrictMode>
);

// hydrating in a transition lets React yield to the browser between components (a default-priority hydration is one
// long task: Lighthouse's total blocking time on a slow phone)
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
