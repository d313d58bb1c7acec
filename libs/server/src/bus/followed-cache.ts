import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { StreamEvent, StreamKey } from '@shop/contracts';
import type { Logger } from 'pino';
import type { BaseConfig } from '../config/config.js';
import { CONFIG, LOGGER, NATS_CONNECTION } from '../runtime/tokens.js';
import { StreamFollower } from './stream-follower.js';

/** For each followed stream, the entry an event makes stale: its key, or null for every entry. */
export type StaleKeys<K> = { [S in StreamKey]?: (event: StreamEvent<S>) => K | null };

export interface FollowedCacheOptions<K> {
  /** the streams whose events make entries stale */
  follows: StaleKeys<K>;
  /** at most this many entries: the oldest leaves for a new one */
  maxEntries?: number;
  /**
   * What a stale entry (a key) or a gap in a stream (no key: anything may have changed) does; by default the
   * entry, or every entry, is dropped. An owner that drops more than this cache passes its own.
   */
  onStale?: (key?: K) => void;
}

interface Where {
  nc: NatsConnection;
  prefix: string;
  logger: Logger;
}

/** A load under way; a load whose key is dropped meanwhile is answered to its callers but not kept. */
interface Load<V> {
  promise: Promise<V>;
  shared: boolean;
}

/**
 * Values loaded once and kept in this process until an event of a followed JetStream stream makes them stale
 * (StreamFollower: ordered consumer from "now"; after any gap every entry is stale). Concurrent gets of a key share
 * one load (unless a caller's load depends on more than the key); a failed load leaves nothing behind, so the next
 * get tries again; a load that began before its key was dropped is answered but not kept, so nobody is answered an
 * older state after a newer one. `peek` reads kept values synchronously, for the fast paths.
 */
export class FollowedCache<K, V> {
  private readonly values = new Map<K, V>();
  private readonly loading = new Map<K, Set<Load<V>>>();
  private readonly followers: Array<StreamFollower<StreamKey>>;

  constructor(
    where: Where,
    private readonly options: FollowedCacheOptions<K>,
  ) {
    const stale = (key?: K) =>
      options.onStale ? options.onStale(key) : key === undefined ? this.clear() : this.delete(key);
    this.followers = (Object.keys(options.follows) as StreamKey[]).map((stream) => {
      const keyOf = options.follows[stream] as (event: StreamEvent<StreamKey>) => K | null;
      return new StreamFollower({
        ...where,
        stream,
        onReset: () => stale(),
        onEvent: (event) => {
          const key = keyOf(event);
          stale(key === null ? undefined : key);
        },
      });
    });
  }

  /** The kept value of `key`, else `load`'s result (shared with the gets of the moment unless `share` is false). */
  get(key: K, load: () => Promise<V>, share = true): Promise<V> {
    if (this.values.has(key)) return Promise.resolve(this.values.get(key) as V);
    const under = this.loading.get(key) ?? new Set<Load<V>>();
    if (share) for (const pending of under) if (pending.shared) return pending.promise;
    const pending: Load<V> = { promise: load(), shared: share };
    under.add(pending);
    this.loading.set(key, under);
    const settled = () => {
      under.delete(pending);
      if (!under.size && this.loading.get(key) === under) this.loading.delete(key);
    };
    pending.promise.then((value) => {
      // still current: its key was not dropped since the load began (dropping removes the whole set)
      if (this.loading.get(key) === under) this.keep(key, value);
      settled();
    }, settled);
    return pending.promise;
  }

  /** The kept value of `key`, without loading. */
  peek(key: K): V | undefined {
    return this.values.get(key);
  }

  delete(key: K): void {
    this.values.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.values.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.values.size;
  }

  start(): Promise<void> {
    return Promise.all(this.followers.map((f) => f.start())).then(() => undefined);
  }

  stop(): void {
    for (const f of this.followers) f.stop();
  }

  private keep(key: K, value: V): void {
    const max = this.options.maxEntries;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the map is full here, so it has a first key
    if (max && !this.values.has(key) && this.values.size >= max) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, value);
  }
}

/**
 * Makes an app's followed caches on its NATS connection and subject prefix, and runs their followers with the app:
 * started at bootstrap, stopped at shutdown. A provider of the gateway and of the services that keep a local read
 * model of another service (order's catalogue context, time-tracking's branch places).
 */
@Injectable()
export class FollowedCaches implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly made: Array<FollowedCache<unknown, unknown>> = [];
  private readonly where: Where;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: Pick<BaseConfig, 'NATS_SUBJECT_PREFIX'>,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.where = { nc, prefix: config.NATS_SUBJECT_PREFIX, logger };
  }

  create<K, V>(options: FollowedCacheOptions<K>): FollowedCache<K, V> {
    const cache = new FollowedCache<K, V>(this.where, options);
    this.made.push(cache as FollowedCache<unknown, unknown>);
    return cache;
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.made.map((cache) => cache.start()));
  }

  onApplicationShutdown(): void {
    for (const cache of this.made) cache.stop();
  }
}
