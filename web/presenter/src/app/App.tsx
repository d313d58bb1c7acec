import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { PageView } from '../pages/PageView';
import {
  AdminTools,
  AppLinksContext,
  ContactButton,
  type ContentData,
  ContentDataContext,
  CookieBanner,
  findNavigation,
  Footer,
  Header,
  LazyAppOverlays,
  LightboxProvider,
  startAnalytics,
  t,
  useNavigationEffects,
  useScrollEffects,
} from '@shop/web-shared';
import { loadContentData, usePresenterInit } from '../api/data';

/** The branch pages belong to the storefront (§2.1): a full page load, which the gateway answers with it. */
const PRESENTER_LINKS = { linkTo: (path: string) => path, fullLoad: (path: string) => path.startsWith('/store/') };

/**
 * The presenter: one layout around every path (§2.1: all pages are content pages, resolved by PageView from the
 * location; no route table, so the router's matching code stays out of the first load). Header, footer, contact
 * button, cookie banner, overlays, scroll effects and admin tools are the storefront's (@shop/web-shared).
 */
export function App() {
  const { data, error } = usePresenterInit();
  useEffect(() => startAnalytics(), []);
  if (!data)
    return (
      <main id="main" className="container page">
        <p role={error ? 'alert' : 'status'}>{error ? t('loadFailed') : t('loading')}</p>
      </main>
    );
  return <Loaded data={data} />;
}

export function Loaded({ data, children }: { data: ContentData; children?: ReactNode }) {
  return (
    <ContentDataContext.Provider value={data}>
      <AppLinksContext.Provider value={PRESENTER_LINKS}>
        <LightboxProvider>
          <Layout data={data}>{children ?? <PageView />}</Layout>
        </LightboxProvider>
      </AppLinksContext.Provider>
    </ContentDataContext.Provider>
  );
}

function Layout({ data, children }: { data: ContentData; children: ReactNode }) {
  useNavigationEffects();
  useScrollEffects();
  const { config } = data;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header config={config} items={findNavigation(data.navigations, 'main-navigation')?.items ?? []} targets={data} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer
        config={config}
        items={findNavigation(data.navigations, 'navigation')?.items ?? []}
        targets={data}
        branches={data.branches}
      />
      <ContactButton phone={config.phone} />
      <CookieBanner config={config} />
      <Suspense fallback={null}>
        <LazyAppOverlays />
      </Suspense>
      {data.user?.roles.includes('ROLE_ADMIN') && <PresenterAdminTools />}
    </>
  );
}

/** §2.2 the administrator's tools: the back office's content screens, and the start-up data loaded again. */
function PresenterAdminTools() {
  const { mutate } = useSWRConfig();
  const { pathname } = useLocation();
  const editHref = useMemo(
    () => (/^\/(projekte|referenzen)\//.test(pathname) ? '/backend#/nodes' : '/backend#/sites'),
    [pathname],
  );
  return (
    <AdminTools
      editHref={editHref}
      reload={async () => {
        try {
          await mutate('/api/init', loadContentData(), { revalidate: false });
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}
