import type { InitEntry } from '@shop/contracts';
import { statusZoneDays, type ConsentChoice, type ZoneDays } from '@shop/domain';
import { prerenderPage } from '@shop/web-shared/server';
import { StaticRouter } from 'react-router-dom';
import { setInitData, toInitData } from './api/init';
import { pageMetaAt, type HeadMeta } from './app/page-meta';
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

/**
 * #root's data for src/main.tsx: the time the markup shows, and the UTC offsets of the shop's and the branches' time
 * zones that its open/closed states use (a slow phone spent ~130 ms of the hydration in its first Intl time-zone
 * format, issue 22). A zone Intl does not know is left out (the browser then says so itself).
 */
export function rootData(batch: InitEntry[], renderedAt: number): Record<string, string> {
  const { config, branches } = toInitData(batch);
  const zones = new Set([config.timezone, ...branches.map((branch) => branch.timezone)].filter(Boolean));
  const offsets: ZoneDays[] = [];
  for (const zone of zones) {
    try {
      offsets.push(statusZoneDays(zone, renderedAt));
    } catch {
      /* not a zone Intl knows */
    }
  }
  return { 'rendered-at': String(renderedAt), 'zone-offsets': JSON.stringify(offsets) };
}

/** The title and description of the page at `path` for its head (the gateway writes them over index.html's). */
export function pageMeta(path: string, batch: InitEntry[]): HeadMeta {
  return pageMetaAt(path, toInitData(batch));
}
