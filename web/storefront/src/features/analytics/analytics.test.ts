import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptConsent } from '../../state/consent';
import { flushAnalytics, pendingAnalytics, resetAnalytics, track } from './analytics';

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
    expect(JSON.parse(String(init!.body)).events).toEqual([expect.objectContaining({ type: 'event', action: 'Add to cart', category: 'cart', data: { product: 11 } })]);
    expect(pendingAnalytics()).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});
