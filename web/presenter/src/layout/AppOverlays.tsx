import { useEffect, useState } from 'react';
import { t } from '../texts';

/**
 * §2.9 app shell overlays: "Offline warning: 'Sie sind offline', 'Bitte überprüfen Sie Ihre Internetverbindung.',
 * button 'Erneut versuchen' (reloads the page)"; "Update banner: 'Ein Update wurde installiert!', 'Starten Sie die
 * App neu um die aktuelle Version zu erhalten.', button 'App neustarten'". §4 "Online and offline state follow
 * browser events." The update banner shows when a new service worker is waiting; restarting lets it take over and
 * reloads when the controller changes.
 */
export function AppOverlays() {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!sw) return;
    let live = true;
    void sw.getRegistration().then((reg) => {
      if (!reg || !live) return;
      if (reg.waiting) setWaiting(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const worker = reg.installing;
        worker?.addEventListener(
          'statechange',
          () => worker.state === 'installed' && sw.controller && setWaiting(worker),
        );
      });
    });
    return () => {
      live = false;
    };
  }, []);
  const restart = () => {
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting?.postMessage({ type: 'SKIP_WAITING' });
  };
  return (
    <>
      {!online && (
        <div className="app-overlay" role="alertdialog" aria-modal="true" aria-labelledby="offline-title">
          <p id="offline-title" className="app-overlay__title">
            {t('offlineTitle')}
          </p>
          <p>{t('offlineText')}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
        </div>
      )}
      {waiting && (
        <div className="update-banner" role="status">
          <p className="app-overlay__title">{t('updateTitle')}</p>
          <p>{t('updateText')}</p>
          <button type="button" className="button" onClick={restart}>
            {t('restartApp')}
          </button>
        </div>
      )}
    </>
  );
}
