import {
  INSTALL_PROMPT_DELAY_AFTER_CONSENT_MS,
  INSTALL_PROMPT_DELAY_MS,
  PWA_DISMISS_COOKIE,
  PWA_DISMISS_MONTHS,
  SW_PATH,
  SW_UPDATE_FIRST_CHECK_MS,
  SW_UPDATE_INTERVAL_MS,
} from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie, type InstallStage } from '@shop/web-shared';

/**
 * §4 "App flow" and "Cookie consent" (install prompt), §7 "The service worker is registered from
 * /build/service-worker.js with scope /", §9 delays. Everything is gated by enablePluginPWA: with the plugin
 * off, service workers are unregistered and nothing is offered. Registration and prompt errors are ignored (§8).
 */
export const MANIFEST_PATH = '/build/manifest.webmanifest';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

export interface PwaState {
  plugin: boolean;
  selfService: boolean;
  standalone: boolean;
  /** the browser offered installation (beforeinstallprompt) */
  supported: boolean;
  registered: boolean;
  promptVisible: boolean;
  stage: InstallStage;
  updateAvailable: boolean;
  online: boolean;
}

/** What a server render shows (online, nothing offered): also what hydrating its markup renders first. */
const SERVER_STATE: PwaState = {
  plugin: false,
  selfService: false,
  standalone: false,
  supported: false,
  registered: false,
  promptVisible: false,
  stage: 'prompt',
  updateAvailable: false,
  online: true,
};
let state: PwaState = { ...SERVER_STATE, online: typeof navigator === 'undefined' ? true : navigator.onLine };
let deferred: BeforeInstallPromptEvent | null = null;
let waiting: ServiceWorker | null = null;
/** The running set-up: its listeners are removed (signal) and its timers cleared when the app unmounts. */
let session: { controller: AbortController; timers: Set<ReturnType<typeof setTimeout>> } | null = null;
let promptTimer: ReturnType<typeof setTimeout> | null = null;

/** A timer of the running set-up (none without one); clearTimeout also clears an interval (shared timer list). */
function sessionTimer(kind: 'once' | 'every', fn: () => void, ms: number): ReturnType<typeof setTimeout> | null {
  if (!session) return null;
  const handle = kind === 'once' ? setTimeout(fn, ms) : setInterval(fn, ms);
  session.timers.add(handle);
  return handle;
}
const listeners = new Set<() => void>();

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

async function register(): Promise<void> {
  if (!swSupported()) return;
  try {
    const reg = await navigator.serviceWorker.register(SW_PATH, { scope: '/' });
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
 * Called with the config (again after a catalogue reload); returns the function that stops what it started, for
 * the app's unmount. Plugin off: workers unregistered, no manifest. Plugin on: listeners and update checks run
 * until stopped.
 */
export function startPwa(plugin: boolean, selfService: boolean): () => void {
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
    link.href = MANIFEST_PATH;
    document.head.appendChild(link);
  }
  session = { controller: new AbortController(), timers: new Set() };
  const { signal } = session.controller;
  window.addEventListener('online', () => set({ online: true }), { signal });
  window.addEventListener('offline', () => set({ online: false }), { signal });
  set({
    online: navigator.onLine,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches ||
      (navigator as { standalone?: boolean }).standalone === true,
  });
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

/** §4 "The prompt is skipped when running standalone, when installation is unsupported, when already registered, when a 'pwa-dismiss' cookie equals true, or when the app plugin is off." */
export function promptAllowed(s: PwaState = state, dismissed = readCookie(PWA_DISMISS_COOKIE) === 'true'): boolean {
  return s.plugin && !s.selfService && !s.standalone && s.supported && !s.registered && !dismissed;
}

/** §4 after accepting: 250 ms; with consent already present: 5 s. */
export function scheduleInstallPrompt(afterAccept: boolean): void {
  if (promptTimer) clearTimeout(promptTimer);
  promptTimer = sessionTimer(
    'once',
    () => {
      if (promptAllowed()) set({ promptVisible: true, stage: 'prompt' });
    },
    afterAccept ? INSTALL_PROMPT_DELAY_AFTER_CONSENT_MS : INSTALL_PROMPT_DELAY_MS,
  );
}

export const pwaActions = {
  showPrompt: () => set({ promptVisible: true, stage: state.supported ? 'prompt' : 'unsupported' }),
  /** 'Installieren' registers a service worker and moves to the instructions ('Fast geschafft!'). */
  install: async () => {
    if (!deferred) {
      set({ stage: 'unsupported' });
      return;
    }
    await register();
    set({ stage: 'instructions' });
  },
  /**
   * 'Installation abschliessen' opens the browser's own dialog ('Installation läuft' meanwhile). The browser's
   * offer can be used once: afterwards the prompt closes, installed or not ('appinstalled' also closes it).
   */
  completeInstall: async () => {
    const offer = deferred;
    if (!offer) {
      set({ stage: 'unsupported' });
      return;
    }
    set({ stage: 'installing' });
    try {
      await offer.prompt();
    } catch {
      /* ignored (§8) */
    }
    deferred = null;
    set({ supported: false, promptVisible: false, stage: 'prompt' });
  },
  /** Completing or cancelling the instructions unregisters workers and returns to the prompt. */
  leaveInstructions: async () => {
    await unregisterAll();
    set({ stage: 'prompt' });
  },
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

export function usePwa() {
  const s = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    // a page the gateway rendered: hydrated as rendered (offline, its notice follows right after)
    () => SERVER_STATE,
  );
  return { ...s, ...pwaActions, canOfferInstall: s.plugin && !s.standalone && s.supported && !s.registered };
}
