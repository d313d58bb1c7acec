import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { PageView } from '../pages/PageView';
import {
  AppLinksContext,
  AppOverlays,
  type ContentData,
  ContentDataContext,
  findNavigation,
  Header,
  LightboxProvider,
  startAnalytics,
  t,
  useNavigationEffects,
  useScrollEffects,
} from '@shop/web-shared';
import { websiteColors } from '@shop/domain';
import { presenterInit } from '../api/data';
import { useAfterLoadSteps } from './after-load';

// not needed for the first paint, each its own chunk, rendered (and so loaded) only after the page has loaded,
// one layer per idle period (useAfterLoadSteps): the footer is below the fold, the contact button shows after 500 px
// of scrolling, the cookie banner is a fixed layer over the page, the administrator's tools only for ROLE_ADMIN
const ContactButton = lazy(() => import('./ContactButtonLayer'));
const Footer = lazy(() => import('./FooterLayer'));
const CookieBanner = lazy(() => import('./CookieBannerLayer'));
// the install offer (enablePluginPWA, §4), after the cookie banner: it follows the visitor's consent
const PwaLayer = lazy(() => import('../pwa/PwaLayer'));
const PresenterAdminTools = lazy(() => import('./AdminToolsLayer').then((m) => ({ default: m.PresenterAdminTools })));

/** The branch pages belong to the storefront (§2.1): a full page load, which the gateway answers with it. */
const PRESENTER_LINKS = { linkTo: (path: string) => path, fullLoad: (path: string) => path.startsWith('/store/') };

/**
 * The presenter: one layout around every path (§2.1: all pages are content pages, resolved by PageView from the
 * location; no route table, so the router's matching code stays out of the first load). Header, footer, contact
 * button, cookie banner, overlays, scroll effects and admin tools are the storefront's (@shop/web-shared).
 */
export function App() {
  const { data, error } = presenterInit.use();
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

/**
 * A deferred layer: nothing while its chunk loads, and nothing if it cannot be loaded (offline before `load`): a
 * failed lazy import must not take the page and the offline notice down with it (no boundary: React unmounts all).
 */
class Later extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

function Layout({ data, children }: { data: ContentData; children: ReactNode }) {
  useNavigationEffects();
  useScrollEffects();
  useWebsiteColors(data);
  const step = useAfterLoadSteps(4);
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
      {/* the app overlays (offline notice, update banner) at once: no chunk can be fetched offline */}
      <AppOverlays />
      {/* each layer its own boundary: one still loading hides none of the others (the footer stays put) */}
      {step > 0 && (
        <Later>
          <Footer data={data} />
        </Later>
      )}
      {step > 1 && (
        <Later>
          <CookieBanner config={config} />
        </Later>
      )}
      {step > 1 && (
        <Later>
          <PwaLayer config={config} />
        </Later>
      )}
      {step > 2 && (
        <Later>
          <ContactButton phone={config.phone} />
        </Later>
      )}
      {step > 3 && <Later>{data.user?.roles.includes('ROLE_ADMIN') && <PresenterAdminTools />}</Later>}
    </>
  );
}

/**
 * Issue 43: the estate agency's own colours (its home page's identity) as the shared stylesheet's custom properties,
 * set through the CSSOM (no inline style element for the CSP to refuse); without them the stylesheet's defaults.
 */
function useWebsiteColors({ sites }: ContentData) {
  const colors = JSON.stringify(websiteColors(sites));
  useEffect(() => {
    const root = document.documentElement.style;
    const set = Object.entries(JSON.parse(colors) as Record<string, string>);
    for (const [name, value] of set) root.setProperty(name, value);
    return () => set.forEach(([name]) => root.removeProperty(name));
  }, [colors]);
}
