import type { InitEntry } from '@shop/contracts';
import type { ConsentChoice } from '@shop/domain';
import { prerenderPage } from '@shop/web-shared/server';
import { StaticRouter } from 'react-router-dom';
import { setInitData, toInitData } from './api/init';
import { AppRoutes } from './app/routes';
import { RenderTimeContext } from './state/clock';

let seeded: InitEntry[] | null = null;

/**
 * A visitor's branch list (`/`) and branch page (`/store/…`), rendered by the gateway (issue 22, the store page's
 * largest paint before any script has run) from the start-up batch the page carries anyway, at `renderedAt` (the
 * open/closed states), with the visitor's cookie consent (the banner only without an answer) and an empty cart (the
 * server does not know the visitor's storage; the browser fills it in right after hydrating). The prerender resolves
 * the lazy branch page, so the page arrives painted; src/main.tsx hydrates it with the same batch and time. Built by
 * `vite build --ssr` into dist/.server, which the gateway requires.
 */
export async function renderPage(
  path: string,
  batch: InitEntry[],
  sanitize: (html: string) => string,
  renderedAt: number,
  consent: ConsentChoice | null,
): Promise<string> {
  // one batch per data version: the app's store holds the one the gateway renders with
  if (batch !== seeded) {
    setInitData(toInitData(batch));
    seeded = batch;
  }
  return prerenderPage(
    <RenderTimeContext.Provider value={renderedAt}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </RenderTimeContext.Provider>,
    { sanitize, consent },
  );
}
