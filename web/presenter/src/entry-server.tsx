import type { InitEntry } from '@shop/contracts';
import type { ConsentChoice } from '@shop/domain';
import { prerenderPage, serverPlainText as plainText } from '@shop/web-shared/server';
import { StaticRouter } from 'react-router-dom';
import { toContentData } from './api/data';
import { Loaded } from './app/App';
import { pageMetaAt } from './layout/meta';

/**
 * The presenter's first screen, rendered by the gateway (issue 17, Lighthouse's largest paint): a visitor's page at
 * `path` with the start-up batch that the page carries anyway (gateway/src/web/inline-init.ts), as the HTML of
 * #root, its rich text through the gateway's `sanitize` (the content service's allow-list), the cookie banner as the
 * visitor's consent cookie says (`consent`). It waits for every
 * renderer the page shows (React's prerender resolves each suspended block), so the page arrives painted;
 * src/main.tsx hydrates it with the same batch. Built by `vite build --ssr` into dist/.server: CommonJS with its
 * own copy of React, which the gateway requires.
 */
export async function renderPage(
  path: string,
  batch: InitEntry[],
  sanitize: (html: string) => string,
  _renderedAt: number,
  consent: ConsentChoice | null,
): Promise<string> {
  return prerenderPage(
    <StaticRouter location={path}>
      <Loaded data={toContentData(batch, false)} />
    </StaticRouter>,
    { sanitize, consent },
  );
}

/**
 * The title and description of a visitor's page at `path` for the page's head (issue 43: the estate agency's, not
 * the index.html's nor the shop's), as the app sets them once it runs; the description as plain text.
 */
export function pageMeta(path: string, batch: InitEntry[]): { title: string; description: string } {
  const { title, description } = pageMetaAt(path, toContentData(batch, false));
  return { title, description: plainText(description) };
}
