import { useEffect, useState, useSyncExternalStore } from 'react';
import { layoutText as t } from '../layout-text';

/**
 * §2.9 app shell overlays, the same in both apps, with the spec's texts:
 * "Offline warning: 'Sie sind offline', 'Bitte überprüfen Sie Ihre Internetverbindung.', button 'Erneut versuchen'
 * (reloads the page)"; "Update banner: 'Ein Update wurde installiert!', 'Starten Sie die App neu um die aktuelle
 * Version zu erhalten.', button 'App neustarten'". The install prompt is InstallPrompt.tsx (lazy layers only).
 */
export const OfflineNotice = () => <AppNotice kind="offline" onAction={() => window.location.reload()} />;

export const UpdateBanner = ({ onRestart }: { onRestart: () => void }) => (
  <AppNotice kind="update" onAction={onRestart} />
);

/** The notices over the app: their class and their button's text (their title and text: '<kind>Title', '<kind>Text'). */
const NOTICES = {
  offline: { className: 'app-overlay', action: 'retry' },
  update: { className: 'update-banner', action: 'restartApp' },
} as const;

/** A notice over the app (offline, update installed): its title, its text and the one thing to do. */
function AppNotice({ kind, onAction }: { kind: keyof typeof NOTICES; onAction: () => void }) {
  const { className, action } = NOTICES[kind];
  return (
    <section className={className} role="status" aria-labelledby={`${kind}-title`}>
      <p id={`${kind}-title`} className="app-overlay__title">
        {t(`${kind}Title`)}
      </p>
      <p>{t(`${kind}Text`)}</p>
      <button type="button" className="button" onClick={onAction}>
        {t(action)}
      </button>
    </section>
  );
}

/** the browser's online and offline events (a page rendered by the server counts as online until it hydrates) */
function subscribeOnline(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * The presenter's overlays (no install offer: it registers no service worker of its own): offline state follows
 * the browser's events (§4); the update banner shows when a new service worker waits, and restarting lets it take
 * over and reloads when the controller changes.
 */
export function AppOverlays() {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
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
      {!online && <OfflineNotice />}
      {waiting && <UpdateBanner onRestart={restart} />}
    </>
  );
}
