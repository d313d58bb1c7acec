import { CATALOGUE_RELOAD_CHECK_MS, CATALOGUE_RELOAD_INTERVAL_MS, isBranchVisible } from '@shop/domain';
import {
  AppLinksContext,
  ContactButton,
  CookieBanner,
  findNavigation,
  hasConsent,
  Header,
  startAnalytics,
  trackDevice,
  useConsent,
  useNavigationEffects,
  useScrollEffects,
  whenIdle,
} from '@shop/web-shared';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { reloadInit, useInit } from '../api/init';
import type { InitData } from '../api/types';
import { linkToFor, useIsSelfService } from '../app/context';
import { s } from '../texts';
import { Footer } from './Footer';
import { Toolbar } from './Toolbar';

// §4 app flow (install prompt, update banner, offline notice): its own chunk, loaded only with the PWA plugin
const PwaLayer = lazy(() => import('../features/pwa/PwaLayer').then((m) => ({ default: m.PwaLayer })));
// self-service terminals only
const Screensaver = lazy(() => import('./Screensaver').then((m) => ({ default: m.Screensaver })));
// staff toolbar and admin tools: loaded only for a logged-in staff member (users/me in /api/init)
const StaffLayer = lazy(() => import('../features/staff/StaffLayer').then((m) => ({ default: m.StaffLayer })));

export function Layout() {
  const { data, error, reload } = useInit();
  if (!data) {
    return (
      <main id="main" className="container page page--center">
        {error ? (
          <div role="alert">
            {/* offline (e.g. a page the service worker served): §8 'Sie sind offline' instead of a load error */}
            {navigator.onLine ? (
              <p>{s('loadFailed')}</p>
            ) : (
              <p>
                <strong>{s('offlineTitle')}</strong> {s('offlineText')}
              </p>
            )}
            <button type="button" className="button" onClick={() => void reload()}>
              {s('reload')}
            </button>
          </div>
        ) : (
          <p className="loading" role="status">
            {s('loading')}
          </p>
        )}
      </main>
    );
  }
  return <Shell data={data} />;
}

function Shell({ data }: { data: InitData }) {
  const selfService = useIsSelfService();
  const { config } = data;
  useCatalogueReload(data, reloadInit);
  useNavigationEffects();
  useThirdPartyScripts(data.config, selfService);
  // issue 22: the PWA set-up and the device event wait until the first page is built (idle time)
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import('../features/pwa/pwa').then((pwa) => {
        if (cancelled) return;
        stop = pwa.startPwa(config.enablePluginPWA, selfService);
        if (hasConsent()) pwa.scheduleInstallPrompt(false);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [config.enablePluginPWA, selfService]);
  useEffect(() => whenIdle(() => trackDevice()), []);
  // §7 the analytics queue is sent every second while the app is mounted, and at once when the page goes away
  useEffect(() => startAnalytics(), []);
  useScrollEffects();
  const links = useMemo(() => ({ linkTo: linkToFor(selfService), fullLoad: () => false }), [selfService]);

  return (
    <AppLinksContext.Provider value={links}>
      <a className="skip-link" href="#main">
        {s('skipToContent')}
      </a>
      <Header config={config} items={findNavigation(data.navigations, 'main-navigation')?.items ?? []} targets={data} />
      {config.enablePluginToolbar && <Toolbar branches={data.branches.filter(isBranchVisible)} />}
      {config.enablePluginPWA && (
        <Suspense fallback={null}>
          <PwaLayer />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer data={data} />
      <ContactButton phone={config.phone} />
      {!selfService && (
        <CookieBanner
          config={config}
          onAccept={() => void import('../features/pwa/pwa').then((pwa) => pwa.scheduleInstallPrompt(true))}
        />
      )}
      {selfService && (
        <Suspense fallback={null}>
          <Screensaver />
        </Suspense>
      )}
      {data.user && !selfService && (
        <Suspense fallback={null}>
          <StaffLayer user={data.user} data={data} />
        </Suspense>
      )}
    </AppLinksContext.Provider>
  );
}

/** §9 "Catalogue data … is reloaded every 4 hours, checked every 10 seconds; the cart is then migrated." */
function useCatalogueReload(data: InitData, reload: () => Promise<unknown>) {
  const loadedAt = useRef(data.loadedAt);
  // eslint-disable-next-line react-hooks/refs -- the interval below reads the newest load time without being restarted
  loadedAt.current = data.loadedAt;
  useEffect(() => {
    const id = setInterval(() => {
      if (Date.now() - loadedAt.current >= CATALOGUE_RELOAD_INTERVAL_MS) void reload();
    }, CATALOGUE_RELOAD_CHECK_MS);
    return () => clearInterval(id);
  }, [reload]);
  // the cart store is part of the store and checkout chunks; loading it here keeps it out of the first load
  useEffect(() => {
    void import('../state/cart-store').then((m) => m.migrateAllCarts(data.products));
  }, [data.products]);
}

/**
 * §7 "an ad pixel and a tag-manager script loaded only after consent and when their ids are configured" (never
 * in self-service); the code that adds them is loaded only then.
 */
function useThirdPartyScripts(config: InitData['config'], selfService: boolean) {
  const consent = useConsent();
  const { tagManagerId, socialPixelId } = config;
  useEffect(() => {
    if (!consent || selfService || (!tagManagerId && !socialPixelId)) return;
    void import('./third-party').then((m) => m.addThirdPartyScripts(tagManagerId, socialPixelId));
  }, [consent, selfService, tagManagerId, socialPixelId]);
}
