import { useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { startAnalytics } from '../analytics/analytics';
import { DataContext, useData, usePresenterInit, type PresenterData } from '../api/data';
import type { NavigationTargets } from '../layout/Navigation';
import { AppOverlays } from '../layout/AppOverlays';
import { ContactButton } from '../layout/ContactButton';
import { CookieBanner } from '../layout/CookieBanner';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { PageView } from '../pages/PageView';
import { t } from '../texts';
import { LightboxProvider } from '../ui/Lightbox';
import { useNavigationEffects } from './navigation-effects';

/** The presenter: one layout around every path (§2.1: all pages are content pages, resolved by PageView). */
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

export function Loaded({ data, children }: { data: PresenterData; children?: ReactNode }) {
  return (
    <DataContext.Provider value={data}>
      <LightboxProvider>
        <Shell>
          {children ?? (
            <Routes>
              <Route path="*" element={<PageView />} />
            </Routes>
          )}
        </Shell>
      </LightboxProvider>
    </DataContext.Provider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  useNavigationEffects();
  return <Layout>{children}</Layout>;
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <DataTargets>
      {(targets) => (
        <>
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          <Header targets={targets} />
          <main id="main">{children}</main>
          <Footer targets={targets} />
          <ContactButton />
          <CookieBanner />
          <AppOverlays />
        </>
      )}
    </DataTargets>
  );
}

function DataTargets({ children }: { children: (targets: NavigationTargets) => ReactNode }) {
  const { sites, branches } = useData();
  return <>{children({ sites, branches })}</>;
}
