import type { ContentNode, Site } from '@shop/contracts';
import {
  breadcrumbs,
  isFileRef,
  LEGAL_PAGES,
  PRESENTER_PAGE_TYPES,
  resolvePresenterPage,
  uploadUrl,
  type PresenterPage,
} from '@shop/domain';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { contentPageMeta, usePageMeta } from '../layout/meta';
import { Breadcrumbs } from './Breadcrumbs';
import { PageBody } from './PageBody';
import { DraftNote, Html, Image, PageContext, t, useContentData } from '@shop/web-shared';

// the legal texts (markdown) and the 404/500 pages are rare: each its own chunk, out of the initial JavaScript
const LegalPage = lazy(() => import('./LegalPage').then((m) => ({ default: m.LegalPage })));
const NotFound = lazy(() => import('./ErrorPages').then((m) => ({ default: m.NotFound })));
const ServerError = lazy(() => import('./ErrorPages').then((m) => ({ default: m.ServerError })));
/** while a rare page's code loads (the same placeholder as the block renderers') */
const loading = <div className="blocks-loading" aria-busy="true" />;

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/**
 * §2.1 every presenter path: project, object and reference details by slug, else the site page at the path; the
 * 404 page when nothing matches (detail pages render nothing without a public node), the 500 page for a site of a
 * type the presenter has no page for. Staff see drafts (non-public sites, which only their /api/init holds).
 */
export function PageView() {
  return (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  );
}

function Page() {
  const data = useContentData();
  const { pathname } = useLocation();
  // drafts: staff's, or the one site of a draft-preview token (the start-up data holds no other non-public site)
  const page = resolvePresenterPage(pathname, data, data.user !== null || data.previewing === true);
  const legal = LEGAL_PAGES.find((p) => p.path === pathname.replace(/\/+$/, ''));
  if (!page && legal && data.config[`${legal.key}Text`])
    return <LegalPage text={data.config[`${legal.key}Text`] ?? ''} />;
  if (!page) return <NotFound />;
  if (page.kind === 'site' && !PRESENTER_PAGE_TYPES.includes(page.site.type)) return <ServerError />;
  return <ContentPage page={page} path={pathname} />;
}

function ContentPage({ page, path }: { page: PresenterPage<Site, ContentNode>; path: string }) {
  const data = useContentData();
  const entity = page.kind === 'site' ? page.site : page.node;
  const content = entity.content;
  const siteData = record(content.site_data);
  const draft = !entity.isPublic;
  const { heading, ...meta } = contentPageMeta(page);
  const image = siteData.image ?? siteData.teaser_image;
  usePageMeta(meta);
  const node = page.kind === 'site' ? null : page.node;
  const crumbs = breadcrumbs(path, page, data);
  const isHome = page.kind === 'site' && page.site.type === 'home';
  const file = content.file as { publicHash?: string } | undefined;
  return (
    <PageContext.Provider value={{ node }}>
      <article className={`page${draft ? ' page--draft' : ''}`}>
        {draft && <DraftNote />}
        {!isHome && (
          <>
            <header className="hero">
              {isFileRef(image) && <Image image={image} eager className="hero__image" />}
              <h1 className="hero__title">{heading}</h1>
              {page.kind !== 'reference' && isFileRef(file) && typeof file.publicHash === 'string' && (
                <a
                  className="button"
                  href={uploadUrl(file as Parameters<typeof uploadUrl>[0])}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('downloadExpose')}
                </a>
              )}
            </header>
            <Breadcrumbs crumbs={crumbs} />
          </>
        )}
        {typeof content.body === 'string' ? (
          <div className="container">
            <Html html={content.body} />
          </div>
        ) : (
          <PageBody blocks={content.body} />
        )}
      </article>
    </PageContext.Provider>
  );
}
