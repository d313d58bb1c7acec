import { CATALOGUE_RELOAD_CHECK_MS, CATALOGUE_RELOAD_INTERVAL_MS, PAGE_VIEW_REPORT_DELAY_MS, SCROLL_RESTORE_DELAY_MS } from '@shop/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { reloadInit, useInit } from '../api/init';
import type { InitData } from '../api/types';
import { useIsSelfService } from '../app/context';
import { track, trackDevice } from '../features/analytics/analytics';
import { hasConsent, useConsent } from '../state/consent';
import { s } from '../texts';
import { ContactButton } from './ContactButton';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { Toolbar } from './Toolbar';

// §4 app flow (install prompt, update banner, offline notice): its own chunk, loaded after the first render
const PwaLayer = lazy(() => import('../features/pwa/PwaLayer').then((m) => ({ default: m.PwaLayer })));

export function Layout() {
  const { data, error, reload } = useInit();
  if (!data) {
    return (
      <main id="main" className="container page page--center">
        {error ? (
          <div role="alert">
            <p>{s('loadFailed')}</p>
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
  useThirdPartyScripts(data, selfService);
  useEffect(() => {
    void import('../features/pwa/pwa').then((pwa) => {
      pwa.startPwa(config.enablePluginPWA, selfService);
      if (hasConsent()) pwa.scheduleInstallPrompt(false);
    });
  }, [config.enablePluginPWA, selfService]);
  useEffect(() => trackDevice(), []);

  return (
    <>
      <a className="skip-link" href="#main">
        {s('skipToContent')}
      </a>
      <Header data={data} />
      {config.enablePluginToolbar && <Toolbar branches={data.branches.filter((b) => b.isPublic && b.isEnabled)} />}
      <Suspense fallback={null}>
        <PwaLayer />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer data={data} />
      <ContactButton config={config} />
      {!selfService && <CookieBanner config={config} />}
      {selfService && <Screensaver />}
    </>
  );
}

/** §9 "Catalogue data … is reloaded every 4 hours, checked every 10 seconds; the cart is then migrated." */
function useCatalogueReload(data: InitData, reload: () => Promise<void>) {
  const loadedAt = useRef(data.loadedAt);
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
 * §2.1 "after each navigation the page address is reported after 250 ms. Back navigation restores the saved
 * scroll position after 750 ms. A hash target scrolls smoothly after 750 ms. Anything else scrolls smoothly
 * to the top."
 */
function useNavigationEffects() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const first = useRef(true);
  useEffect(() => {
    const key = location.key;
    const save = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);
  useEffect(() => {
    const report = setTimeout(() => track('pageview', location.pathname, 'navigation', { path: location.pathname }), PAGE_VIEW_REPORT_DELAY_MS);
    let scroll: ReturnType<typeof setTimeout> | undefined;
    if (first.current) {
      first.current = false;
      if (location.hash) scroll = setTimeout(() => document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth' }), SCROLL_RESTORE_DELAY_MS);
    } else if (type === 'POP') {
      const y = positions.current.get(location.key);
      if (y !== undefined) scroll = setTimeout(() => window.scrollTo({ top: y }), SCROLL_RESTORE_DELAY_MS);
    } else if (location.hash) {
      scroll = setTimeout(() => document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth' }), SCROLL_RESTORE_DELAY_MS);
    } else {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    return () => {
      clearTimeout(report);
      if (scroll) clearTimeout(scroll);
    };
  }, [location.key]);
}

/** §7 "an ad pixel and a tag-manager script loaded only after consent and when their ids are configured" (never in self-service). */
function useThirdPartyScripts(data: InitData, selfService: boolean) {
  const consent = useConsent();
  const { tagManagerId, socialPixelId } = data.config;
  useEffect(() => {
    if (!consent || selfService) return;
    if (tagManagerId && !document.getElementById('tag-manager')) {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [{ 'gtm.start': Date.now(), event: 'gtm.js' }];
      const script = document.createElement('script');
      script.id = 'tag-manager';
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagManagerId)}`;
      document.head.appendChild(script);
    }
    if (socialPixelId && !document.getElementById('ad-pixel')) {
      const img = document.createElement('img');
      img.id = 'ad-pixel';
      img.alt = '';
      img.width = 1;
      img.height = 1;
      img.style.display = 'none';
      img.src = `https://www.facebook.com/tr?id=${encodeURIComponent(socialPixelId)}&ev=PageView&noscript=1`;
      document.body.appendChild(img);
    }
  }, [consent, selfService, tagManagerId, socialPixelId]);
}

/** Self-service terminals: after a minute without input the screensaver 'Tippen um zu bestellen' covers the page. */
export const SCREENSAVER_IDLE_MS = 60_000;

function Screensaver() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), SCREENSAVER_IDLE_MS);
    const wake = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), SCREENSAVER_IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, wake, { passive: true }));
    return () => {
      clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, wake));
    };
  }, []);
  if (!idle) return null;
  return (
    <button type="button" className="screensaver" onClick={() => setIdle(false)}>
      {s('screensaver')}
    </button>
  );
}
