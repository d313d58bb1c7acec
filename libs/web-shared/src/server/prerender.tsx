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
  );
  return new Response(prelude).text();
}
