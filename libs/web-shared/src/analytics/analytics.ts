import { ANALYTICS_RETRY_MS } from '@shop/domain';
import { ApiError, createApiClient } from '@shop/web-api';
import { hasConsent } from '../consent/consent';

/**
 * §7 "Analytics events (add-to-cart, checkout start, order placed, page views, device info at start, form
 * events) go to POST /analytics-log with type, action, category and data. Events are queued and retried every
 * 1 second, and only run once the cookie-banner acceptance cookie exists."
 * The queue is sent as one batch to POST /api/analytics-log; a failed batch stays queued for the next tick.
 */
export interface AnalyticsEvent {
  type: 'event' | 'pageview' | 'device' | 'form';
  action: string;
  category: string | null;
  data: Record<string, string | number | boolean | null>;
  occurredAt: string;
}

export const ANALYTICS_PATH = '/api/analytics-log';
const MAX_QUEUE = 500;
/** Same-origin calls through the shared typed client: the storefront and the presenter post to their own host. */
const api = createApiClient();
const MAX_BATCH = 100;

const queue: AnalyticsEvent[] = [];
let sending = false;

/** Queues an event; it is sent by the tick that {@link startAnalytics} runs while the app is mounted. */
export function track(
  type: AnalyticsEvent['type'],
  action: string,
  category: string | null = null,
  data: AnalyticsEvent['data'] = {},
): void {
  queue.push({ type, action, category, data, occurredAt: new Date().toISOString() });
  if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
}

/** One tick: nothing without consent; otherwise send up to 100 events, keeping them on failure. */
export async function flushAnalytics(): Promise<void> {
  if (sending || queue.length === 0 || !hasConsent()) return;
  sending = true;
  const batch = queue.slice(0, MAX_BATCH);
  try {
    // keepalive: a batch sent as the page goes away (pagehide) still reaches the server; no cookie goes with it
    await api.post(ANALYTICS_PATH, { events: batch }, { keepalive: true, credentials: 'omit' });
    queue.splice(0, batch.length);
  } catch (err) {
    // a batch the server refuses (4xx other than 408/429) would fail forever: drop it; 5xx, 408, 429 and no
    // answer at all (offline, status 0) are retried on the next tick
    const status = err instanceof ApiError ? err.status : 0;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) queue.splice(0, batch.length);
  } finally {
    sending = false;
  }
}

/**
 * Runs the 1-second retry tick for as long as the app is mounted: the returned function stops it (the app's
 * unmount). When the page goes away (pagehide: reload, navigation to another site, tab closed) the queue is sent
 * at once with keepalive and the tick stops; a page restored from the back-forward cache (pageshow) starts it again.
 */
export function startAnalytics(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const tick = () => void flushAnalytics();
  const start = () => {
    timer ??= setInterval(tick, ANALYTICS_RETRY_MS);
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const onPageHide = () => {
    stop();
    tick();
  };
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted) start();
  };
  start();
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    stop();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
  };
}

export function pendingAnalytics(): readonly AnalyticsEvent[] {
  return queue;
}

/** Empties the queue (tests). */
export function resetAnalytics(): void {
  queue.length = 0;
}

/** §7 "device info at start" */
export function trackDevice(): void {
  track('device', 'Device', 'device', {
    width: window.innerWidth,
    height: window.innerHeight,
    pixelRatio: window.devicePixelRatio || 1,
    // issue 21: resolutions, device-pixel-ratios and color-schemes metrics
    screenWidth: window.screen?.width ?? null,
    screenHeight: window.screen?.height ?? null,
    colorScheme: window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    // the page that sent the visitor here; the gateway keeps only its host
    referrer: document.referrer || null,
    standalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    language: navigator.language,
  });
}
