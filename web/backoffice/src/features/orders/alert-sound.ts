import { useSyncExternalStore } from 'react';

/**
 * The audible new-order alert: three short tones made with the Web Audio API (no file to load). Browsers keep
 * an AudioContext suspended until the user interacted with the page, so the context is resumed on the first
 * gesture anywhere (and by the board's "Ton aktivieren" button); while it stays suspended the board says so.
 */
export interface AlertSound {
  /** The browser keeps audio suspended (no user gesture yet): a tone would not be heard. */
  isBlocked(): boolean;
  /** Creates the audio context so that isBlocked() tells the truth before the first order arrives. */
  prepare(): void;
  /** Resumes the audio context (works inside a user gesture); true when tones can be heard now. */
  unlock(): Promise<boolean>;
  /** Three short tones; false when they cannot be heard (blocked or no audio device): the visible alert remains. */
  play(): Promise<boolean>;
  subscribe(listener: () => void): () => void;
  /** Unlocks on the first pointer or key press on `target`; returns the clean-up. */
  unlockOnFirstGesture(target: EventTarget): () => void;
}

/** How long a resume() outside a gesture may take before the context counts as blocked. */
const RESUME_WAIT_MS = 200;
const GESTURES = ['pointerdown', 'keydown'] as const;

export function createAlertSound(create: () => AudioContext = () => new AudioContext()): AlertSound {
  let context: AudioContext | null = null;
  let unavailable = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  function audio(): AudioContext | null {
    if (context || unavailable) return context;
    try {
      context = create();
      context.addEventListener?.('statechange', notify);
    } catch {
      unavailable = true; // no audio device or no Web Audio: nothing to unlock, nothing to hint at
    }
    notify();
    return context;
  }

  async function unlock(): Promise<boolean> {
    const ctx = audio();
    if (!ctx) return false;
    if (ctx.state !== 'running') {
      // outside a gesture Chromium leaves resume() pending: do not wait for it
      let wait: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        ctx.resume().catch(() => undefined),
        new Promise((r) => (wait = setTimeout(r, RESUME_WAIT_MS))),
      ]);
      clearTimeout(wait);
      notify();
    }
    return ctx.state === 'running';
  }

  return {
    isBlocked: () => context !== null && context.state !== 'running',
    prepare: () => void audio(),
    unlock,
    async play() {
      if (!(await unlock())) return false;
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- unlock() succeeded, so the context exists
      const ctx = context!;
      for (let i = 0; i < 3; i++) {
        const start = ctx.currentTime + i * 0.25;
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = i === 2 ? 1175 : 880;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.2);
        osc.connect(gain).connect(ctx.destination);
        osc.start(start);
        osc.stop(start + 0.22);
      }
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unlockOnFirstGesture(target) {
      const remove = () => GESTURES.forEach((g) => target.removeEventListener(g, onGesture, true));
      function onGesture() {
        void unlock().then((ok) => ok && remove());
      }
      GESTURES.forEach((g) => target.addEventListener(g, onGesture, true));
      return remove;
    },
  };
}

/** The app's one alert sound. */
export const alertSound = createAlertSound();

/** Re-renders when the browser blocks or allows the sound. */
export function useSoundBlocked(): boolean {
  return useSyncExternalStore(alertSound.subscribe, alertSound.isBlocked);
}
