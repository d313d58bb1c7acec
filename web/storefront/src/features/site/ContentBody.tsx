import { Body, ContentDataContext, Html, LightboxProvider, type ContentData } from '@shop/web-shared';
import type { ReactNode } from 'react';
import { useData } from '../../api/init';

/**
 * The content service's blocks on a storefront page, drawn by the same renderers as the presenter's
 * (@shop/web-shared): the storefront's /api/init carries the same public blocks and nodes. Its own Site and
 * Navigation types list only the fields it reads of the same JSON, hence the one widening cast.
 */
export function ContentScope({ children }: { children: ReactNode }) {
  const data = useData();
  const content = data as unknown as ContentData;
  return (
    <ContentDataContext.Provider value={content}>
      <LightboxProvider>{children}</LightboxProvider>
    </ContentDataContext.Provider>
  );
}

/** A site's body: the blocks in order, or a rich text body as it is. */
export function ContentBody({ body }: { body: unknown }) {
  return (
    <ContentScope>
      {typeof body === 'string' ? (
        <div className="container">
          <Html html={body} />
        </div>
      ) : (
        <Body blocks={body} />
      )}
    </ContentScope>
  );
}
