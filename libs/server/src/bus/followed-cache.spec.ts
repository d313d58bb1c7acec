import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import pino from 'pino';
import { FollowedCache } from './followed-cache.js';
import { publishEvent } from './jetstream.js';

/** A load the test finishes when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/**
 * The gateway's caches of /api/init, redirects and public order views, order's catalogue context and time-tracking's
 * branch places keep values until an event says otherwise.
 */
describe('FollowedCache', () => {
  const logger = pino({ level: 'silent' });
  /** a cache that follows nothing: what it does with its loads */
  const unfollowed = <V>(maxEntries?: number) =>
    new FollowedCache<string, V>({ nc: {} as NatsConnection, prefix: 'unused.', logger }, { follows: {}, maxEntries });

  it('shares one load among the gets of the moment and keeps its value', async () => {
    const cache = unfollowed<string>();
    const load = deferred<string>();
    let loads = 0;
    const get = () => cache.get('a', () => (loads++, load.promise));
    const both = Promise.all([get(), get()]);
    expect(cache.peek('a')).toBeUndefined();
    load.resolve('A');
    expect(await both).toEqual(['A', 'A']);
    expect(await get()).toBe('A');
    expect([loads, cache.peek('a')]).toEqual([1, 'A']);
  });

  it('keeps nothing of a failed load: the next get loads again', async () => {
    const cache = unfollowed<string>();
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async () => 'A')).toBe('A');
  });

  it('answers a load that raced a drop of its key but does not keep it (no older state after a newer one)', async () => {
    const cache = unfollowed<string>();
    const old = deferred<string>();
    const before = cache.get('a', () => old.promise);
    cache.delete('a');
    // a get after the drop does not join the stale load
    const after = cache.get('a', async () => 'new');
    old.resolve('old');
    expect([await before, await after]).toEqual(['old', 'new']);
    expect(cache.peek('a')).toBe('new');

    const cleared = deferred<string>();
    const racing = cache.get('b', () => cleared.promise);
    cache.clear();
    cleared.resolve('B');
    expect(await racing).toBe('B');
    expect([cache.peek('a'), cache.peek('b')]).toEqual([undefined, undefined]);
  });

  it('loads for each caller when the load depends on more than the key', async () => {
    const cache = unfollowed<string>();
    const callers = await Promise.all(['x', 'y'].map((who) => cache.get('a', async () => who, false)));
    expect(callers).toEqual(['x', 'y']);
    expect(cache.peek('a')).toBeDefined();
  });

  it('keeps at most maxEntries: the oldest leaves', async () => {
    const cache = unfollowed<number>(2);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await cache.get(key, async () => value);
    expect([cache.size, cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([2, undefined, 2, 3]);
  });

  describe('following a stream', () => {
    const prefixes = uniquePrefixes('followed');
    let nc: NatsConnection;
    beforeAll(async () => {
      nc = await connect({ servers: NATS_URL });
    });
    afterAll(async () => {
      await nc.close();
      await cleanupPrefixes(prefixes);
    });

    it('drops the entry an event names, every entry for an event that names none, and all after a gap', async () => {
      const cache = new FollowedCache<number, string>(
        { nc, prefix: prefixes.nats, logger },
        { follows: { content: (e) => (e.name === 'content.image.updated' ? e.payload.id : null) } },
      );
      const fill = () => Promise.all([1, 2].map((id) => cache.get(id, async () => `image ${id}`)));
      await fill();
      await cache.start();
      try {
        // the follower's first subscription is a gap: what was kept before may be stale
        await waitFor(() => cache.size === 0, 15_000);
        await fill();
        const publish = (verb: 'created' | 'updated', id: number) =>
          publishEvent(
            jetstream(nc),
            prefixes.nats,
            `content.image.${verb}`,
            { entity: 'image', id, verb, at: new Date().toISOString() },
            `image-${verb}-${id}`,
          );
        await publish('updated', 1);
        await waitFor(() => cache.peek(1) === undefined, 15_000);
        expect(cache.peek(2)).toBe('image 2');
        await publish('created', 3);
        await waitFor(() => cache.size === 0, 15_000);
      } finally {
        cache.stop();
      }
    });
  });
});
