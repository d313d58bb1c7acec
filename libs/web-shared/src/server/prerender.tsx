import type { ConsentChoice } from '@shop/domain';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { ServerConsentContext } from '../consent/consent';
import { ServerSanitizerContext } from '../ui/Html';

/**
 * A web app's page as HTML for the gateway's server render (web/<app>/src/entry-server.tsx): React's prerender,
 * which waits for every lazy part of the page, so the page arrives painted; the rich text through the gateway's
 * sanitiser and the cookie banner as the visitor's consent cookie says. Only for server bundles
 * (`@shop/web-shared/server`): the browser's entry never loads React's server renderer.
 *
 * Every Suspense boundary is written in place (issue 43): past `progressiveChunkSize` bytes (React's default 12,800)
 * React writes a boundary's content after the page, hidden, behind its fallback ('Wird geladen …'), and reveals it
 * with an inline script ($RC), which the gateway's CSP refused (a branch page with a long menu, Graz and Linz: the
 * page showed the fallback, hydration failed with React's #419 and rendered the boundary anew in the browser). A
 * prerender sends the whole page at once, so outlining gains nothing; the gateway still lists the hash of every
 * inline script a page carries in its CSP (gateway/src/web/inline-init.ts).
 */
export async function prerenderPage(
  app: ReactNode,
  { sanitize, consent }: { sanitize: (html: string) => string; consent: ConsentChoice | null },
): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <ServerSanitizerContext.Provider value={sanitize}>
        <ServerConsentContext.Provider value={consent}>{app}</ServerConsentContext.Provider>
      </ServerSanitizerContext.Provider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The text of an HTML description for a server-rendered page's head (issue 43; the browser's `plainText` needs a
 * DOMParser, which the server has not): tags out, the common entities back to characters (the gateway escapes
 * the text again for its attribute), white space collapsed.
 */
export function serverPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}
