import {
  INSTALL_PROMPT_DELAY_AFTER_CONSENT_MS,
  INSTALL_PROMPT_DELAY_MS,
  PWA_DISMISS_COOKIE,
  PWA_DISMISS_MONTHS,
  SW_UPDATE_FIRST_CHECK_MS,
  SW_UPDATE_INTERVAL_MS,
} from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../consent/cookies';
import type { InstallStage } from '../overlays/InstallPrompt';
import { isAppleMobileSafari } from '../overlays/platform';

/**
 * The installable app of both websites (storefront-presenter.md §4 "App flow" and "Cookie consent", §7 "The service
 * worker is registered … with scope /", §9 delays), one store per app (its worker and manifest). Everything is gated
 * by enablePluginPWA: with the plugin off, service workers are unregistered and nothing is offered. Registration and
 * prompt errors are ignored (§8). The worker is Workbox's (each app's src/sw.ts, built by vite-plugin-pwa), registered
 * through workbox-window, which is loaded only when a worker is registered (not part of the first load).
 *
 * Installation is "supported" when the browser offers its dialog (`beforeinstallprompt`), or in Safari on an iPhone
 * or iPad, which never offers one: there the instructions are the steps via the share icon.
 */
export interface PwaState {
  plugin: boolean;
  selfService: boolean;
  standalone: boolean;
  /** the browser offered installation (beforeinstallprompt), or Safari on iOS/iPadOS (the share menu's steps) */
  supported: boolean;
  /** Safari on iOS/iPadOS: the instructions are the share menu's steps */
  apple: boolean;
  registered: boolean;
  promptVisible: boolean;
  stage: InstallStage;
  updateAvailable: boolean;
  online: boolean;
}

export interface PwaPaths {
  /** the worker's URL (served with Service-Worker-Allowed: /), registered with scope / */
  serviceWorker: string;
  /** the web app manifest linked while the plugin is on */
  manifest: string;
}

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/** What a server render shows (online, nothing offered): also what hydrating its markup renders first. */
const SERVER_STATE: PwaState = {
  plugin: false,
  selfService: false,
  standalone: false,
  supported: false,
  apple: false,
  registered: false,
  promptVisible: false,
  stage: 'prompt',
  updateAvailable: false,
  online: true,
};

/** §4 "The prompt is skipped when running standalone, when installation is unsupported, when already registered, when a 'pwa-dismiss' cookie equals true, or when the app plugin is off." */
export function promptAllowedFor(s: PwaState, dismissed: boolean): boolean {
  return s.plugin && !s.selfService && !s.standalone && s.supported && !s.registered && !dismissed;
}

export type PwaStore = ReturnType<typeof createPwaStore>;

/** One app's installable-app state and actions (module state of its pwa module: one per page). */
export function createPwaStore(paths: PwaPaths) {
  let state: PwaState = { ...SERVER_STATE, online: typeof navigator === 'undefined' ? true : navigator.onLine };
  let deferred: BeforeInstallPromptEvent | null = null;
  let waiting: ServiceWorker | null = null;
  /** The running set-up: its listeners are removed (signal) and its timers cleared when the app unmounts. */
  let session: { controller: AbortController; timers: Set<ReturnType<typeof setTimeout>> } | null = null;
  let promptTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  /** A timer of the running set-up (none without one); clearTimeout also clears an interval (shared timer list). */
  function sessionTimer(kind: 'once' | 'every', fn: () => void, ms: number): ReturnType<typeof setTimeout> | null {
    if (!session) return null;
    const handle = kind === 'once' ? setTimeout(fn, ms) : setInterval(fn, ms);
    session.timers.add(handle);
    return handle;
  }

  function set(patch: Partial<PwaState>) {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  }

  const swSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

  async function unregisterAll(): Promise<void> {
    if (!swSupported()) return;
    try {
      for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister();
    } catch {
      /* ignored (§8) */
    }
    set({ registered: false, updateAvailable: false });
  }

  function watchRegistration(reg: ServiceWorkerRegistration) {
    const signal = session?.controller.signal;
    const flag = () => {
      if (reg.waiting && navigator.serviceWorker.controller) {
        waiting = reg.waiting;
        set({ updateAvailable: true });
      }
    };
    flag();
    reg.addEventListener(
      'updatefound',
      () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => installing.state === 'installed' && flag(), { signal });
      },
      { signal },
    );
    const check = () => void reg.update().catch(() => undefined);
    sessionTimer(
      'once',
      () => {
        check();
        sessionTimer('every', check, SW_UPDATE_INTERVAL_MS);
      },
      SW_UPDATE_FIRST_CHECK_MS,
    );
  }

  /** Registers the app's worker through workbox-window (its own chunk, loaded here on demand). */
  async function register(): Promise<void> {
    if (!swSupported()) return;
    try {
      const { Workbox } = await import('workbox-window');
      const reg = await new Workbox(paths.serviceWorker, { scope: '/' }).register({ immediate: true });
      if (!reg) return;
      set({ registered: true });
      watchRegistration(reg);
    } catch {
      /* ignored (§8) */
    }
  }

  /** Ends the running set-up: its listeners and timers (the update checks, the install prompt's delay). */
  function stopPwa(): void {
    if (!session) return;
    session.controller.abort();
    session.timers.forEach((t) => clearTimeout(t));
    session = null;
    promptTimer = null;
  }

  /**
   * Called with the config (again after a reload of it); returns the function that stops what it started, for the
   * app's unmount. Plugin off: workers unregistered, no manifest. Plugin on: listeners and update checks run until
   * stopped; the installed app (standalone) registers its worker at once, for its pages offline.
   */
  function startPwa(plugin: boolean, selfService = false): () => void {
    stopPwa();
    set({ plugin, selfService });
    if (!plugin) {
      document.querySelector('link[rel="manifest"]')?.remove();
      void unregisterAll();
      return stopPwa;
    }
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = paths.manifest;
      document.head.appendChild(link);
    }
    session = { controller: new AbortController(), timers: new Set() };
    const { signal } = session.controller;
    window.addEventListener('online', () => set({ online: true }), { signal });
    window.addEventListener('offline', () => set({ online: false }), { signal });
    const apple = isAppleMobileSafari();
    const standalone =
      window.matchMedia?.('(display-mode: standalone)').matches ||
      (navigator as { standalone?: boolean }).standalone === true;
    set({ online: navigator.onLine, standalone, apple, supported: apple || deferred !== null });
    window.addEventListener(
      'beforeinstallprompt',
      (e) => {
        e.preventDefault();
        deferred = e as BeforeInstallPromptEvent;
        set({ supported: true });
      },
      { signal },
    );
    window.addEventListener('appinstalled', () => set({ promptVisible: false }), { signal });
    if (swSupported()) {
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          if (state.updateAvailable) window.location.reload();
        },
        { signal },
      );
      if (standalone) void register();
      else
        void navigator.serviceWorker
          .getRegistration('/')
          .then((reg) => {
            if (reg && !signal.aborted) {
              set({ registered: true });
              watchRegistration(reg);
            }
          })
          .catch(() => undefined);
    }
    return stopPwa;
  }

  const promptAllowed = (s: PwaState = state, dismissed = readCookie(PWA_DISMISS_COOKIE) === 'true') =>
    promptAllowedFor(s, dismissed);

  /** §4 after accepting: 250 ms; with consent already present: 5 s. */
  function scheduleInstallPrompt(afterAccept: boolean): void {
    if (promptTimer) clearTimeout(promptTimer);
    promptTimer = sessionTimer(
      'once',
      () => {
        if (promptAllowed()) set({ promptVisible: true, stage: 'prompt' });
      },
      afterAccept ? INSTALL_PROMPT_DELAY_AFTER_CONSENT_MS : INSTALL_PROMPT_DELAY_MS,
    );
  }

  /** Completing or cancelling the instructions unregisters workers and returns to the prompt (§4). */
  async function leaveInstructions() {
    await unregisterAll();
    set({ stage: 'prompt' });
  }

  const actions = {
    showPrompt: () => set({ promptVisible: true, stage: state.supported ? 'prompt' : 'unsupported' }),
    /**
     * 'Installieren' registers a service worker and moves to the instructions ('Fast geschafft!'): the browser's
     * dialog is next, or in Safari on iOS/iPadOS the steps via the share icon.
     */
    install: async () => {
      if (!deferred && !state.apple) {
        set({ stage: 'unsupported' });
        return;
      }
      await register();
      set({ stage: state.apple ? 'apple' : 'instructions' });
    },
    /**
     * 'Installation abschliessen': where the browser offers its own dialog, it opens ('Installation läuft'
     * meanwhile; the offer can be used once). Then, as §4 says for completing the instructions, workers are
     * unregistered and the prompt returns ('appinstalled' closes it when the visitor installed).
     */
    completeInstall: async () => {
      const offer = state.apple ? null : deferred;
      if (offer) {
        set({ stage: 'installing' });
        try {
          await offer.prompt();
        } catch {
          /* ignored (§8) */
        }
        deferred = null;
        set({ supported: state.apple });
      }
      await leaveInstructions();
    },
    leaveInstructions,
    /** 'Jetzt nicht' hides the prompt (and remembers it for a month). */
    notNow: () => {
      writeCookie(PWA_DISMISS_COOKIE, 'true', PWA_DISMISS_MONTHS * 30 * 24 * 60 * 60);
      set({ promptVisible: false });
    },
    close: () => set({ promptVisible: false }),
    /** 'App neustarten': the waiting worker takes over; the page reloads on controllerchange. */
    restart: () => {
      waiting?.postMessage({ type: 'SKIP_WAITING' });
    },
  };

  function usePwa() {
    const s = useSyncExternalStore(
      (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      () => state,
      // a page the gateway rendered: hydrated as rendered (offline, its notice follows right after)
      () => SERVER_STATE,
    );
    return { ...s, ...actions, canOfferInstall: s.plugin && !s.standalone && s.supported && !s.registered };
  }

  return { startPwa, promptAllowed, scheduleInstallPrompt, actions, usePwa };
}
