import { Suspense, useEffect, type ReactNode } from 'react';
import type { NavigationTargets } from '../layout/Navigation';
import { ContactButton } from '../layout/ContactButton';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { PageView } from '../pages/PageView';
import { useNavigationEffects } from './navigation-effects';
import {
  type ContentData,
  ContentDataContext,
  CookieBanner,
  LazyAppOverlays,
  LightboxProvider,
  startAnalytics,
  t,
  useContentData,
} from '@shop/web-shared';
import { usePresenterInit } from '../api/data';

/**
 * The presenter: one layout around every path (§2.1: all pages are content pages, resolved by PageView from the
 * location; no route table, so the router's matching code stays out of the first load).
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
      <LightboxProvider>
        <Shell>{children ?? <PageView />}</Shell>
      </LightboxProvider>
    </ContentDataContext.Provider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  useNavigationEffects();
  return <Layout>{children}</Layout>;
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <DataTargets>
      {(targets, config) => (
        <>
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          <Header targets={targets} />
          <main id="main">{children}</main>
          <Footer targets={targets} />
          <ContactButton />
          <CookieBanner config={config} />
          <Suspense fallback={null}>
            <LazyAppOverlays />
          </Suspense>
        </>
      )}
    </DataTargets>
  );
}

function DataTargets({
  children,
}: {
  children: (targets: NavigationTargets, config: ContentData['config']) => ReactNode;
}) {
  const { sites, branches, config } = useContentData();
  return <>{children({ sites, branches }, config)}</>;
}
