import { PLAYER_RETRY, playerRetryDelay, type SignageCommand } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerApi } from './player-api';

const command = (state: SignageCommand['state']) => ({ id: 7, type: 'identify', state }) as SignageCommand;
const answer = (status: number, body: unknown = { data: command('acknowledged') }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const api = playerApi({ identifier: 'tv-1', key: 'k' });

describe("the player's retry policy for acks and results", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits a random time between 0 and min(cap, base · 2^attempt) (full jitter)', () => {
    expect(playerRetryDelay(0, () => 0)).toBe(0);
    expect(playerRetryDelay(0, () => 1)).toBe(PLAYER_RETRY.baseMs);
    expect(playerRetryDelay(3, () => 0.5)).toBe((PLAYER_RETRY.baseMs * 8) / 2);
    expect(playerRetryDelay(20, () => 1)).toBe(PLAYER_RETRY.capMs);
    expect(playerRetryDelay(1000, () => 1)).toBe(PLAYER_RETRY.capMs);
  });

  it('repeats an ack that got no answer or a 503 until it is answered', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(503, { message: 'x' }))
      .mockResolvedValueOnce(answer(200));
    const acked = api.ack(7);
    await vi.runAllTimersAsync();
    await expect(acked).resolves.toMatchObject({ id: 7, state: 'acknowledged' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [url, init] of fetchMock.mock.calls)
      expect([url, (init as RequestInit).method]).toEqual(['/api/digital-signage-player/commands/7/ack', 'POST']);
  });

  it('takes the answer for an aborted or expired command as final, and never repeats a 401 or 404', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { data: command('aborted') }));
    await expect(api.ack(7)).resolves.toMatchObject({ state: 'aborted' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    for (const status of [401, 404]) {
      fetchMock.mockReset().mockResolvedValue(answer(status, { message: 'nein' }));
      const failed = expect(api.ack(7)).rejects.toMatchObject({ status });
      await vi.runAllTimersAsync();
      await failed;
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after PLAYER_RETRY.attempts calls with growing waits, for results as for acks', async () => {
    const times: number[] = [];
    fetchMock.mockImplementation(() => {
      times.push(Date.now());
      return Promise.resolve(answer(503, { message: 'x' }));
    });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const failed = expect(api.result(7, true)).rejects.toMatchObject({ status: 503 });
    await vi.runAllTimersAsync();
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(PLAYER_RETRY.attempts);
    const waits = times.slice(1).map((t, i) => t - times[i]);
    expect(waits).toEqual(waits.map((_, i) => playerRetryDelay(i, () => 1)));
    expect(JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body))).toEqual({ ok: true, result: null });
  });

  it('stops retrying when the player unmounts', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(503, { message: 'x' })));
    const unmount = new AbortController();
    const failed = expect(api.ack(7, unmount.signal)).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(0);
    unmount.abort();
    await vi.runAllTimersAsync();
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
