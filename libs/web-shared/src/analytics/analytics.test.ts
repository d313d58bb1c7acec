import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptConsent } from '../consent/consent';
import { flushAnalytics, pendingAnalytics, resetAnalytics, startAnalytics, track } from './analytics';

describe('analytics queue (§7)', () => {
  afterEach(() => resetAnalytics());

  it('sends nothing before consent, then the queued batch; a failed send stays queued for the next tick', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    track('event', 'Add to cart', 'cart', { product: 11 });
    await flushAnalytics();
    expect(fetchMock).not.toHaveBeenCalled();

    acceptConsent();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    await flushAnalytics();
    expect(pendingAnalytics()).toHaveLength(1);
    await flushAnalytics();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/analytics-log');
    expect(JSON.parse(String(init!.body)).events).toEqual([
      expect.objectContaining({ type: 'event', action: 'Add to cart', category: 'cart', data: { product: 11 } }),
    ]);
    expect(pendingAnalytics()).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('ticks every second only while started, sends at once when the page goes away, and stops with the app', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    acceptConsent();
    track('pageview', '/', 'navigation');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled(); // queued, but no tick before the app starts it

    const stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pendingAnalytics()).toHaveLength(0);

    track('event', 'Add to cart', 'cart');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2); // a reload within the second loses nothing
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ keepalive: true });

    track('event', 'Checkout start', 'checkout');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // the tick ended with the page
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3); // back from the back-forward cache: ticking again

    stop();
    track('event', 'Order placed', 'checkout');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
