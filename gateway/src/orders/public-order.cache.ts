import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { type PublicOrder } from '@shop/contracts';
import { CONFIG, DomainException, LOGGER, NATS_CONNECTION, ServiceBus, StreamFollower } from '@shop/server';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';

export interface PublicOrderEntry {
  hashBytes: Buffer;
  body: Buffer;
  etag: string;
}
type Entry = PublicOrderEntry;

/** Constant-time for equal lengths; the length of a hash is public (always 22 characters). */
function sameHash(expected: Buffer, given: string): boolean {
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
const MAX_ENTRIES = 50_000;

/**
 * The public order view for 10-second polling: answered from memory, keyed by uid, the hash compared in
 * constant time (a wrong hash is the same 404 as an unknown uid). Order events drop an entry; a fetch that
 * raced an update is not stored, so a poll never sees an older state after a newer one.
 */
@Injectable()
export class PublicOrderCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  /** uid → when it was last invalidated (ms), kept for a minute */
  private readonly invalidated = new Map<string, number>();
  private readonly follower: StreamFollower<'order'>;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.follower = new StreamFollower({
      nc,
      prefix: config.NATS_SUBJECT_PREFIX,
      stream: 'order',
      logger,
      onReset: () => this.entries.clear(),
      onEvent: ({ payload }) => this.invalidate(payload.uid),
    });
  }

  invalidate(uid: string): void {
    this.entries.delete(uid);
    this.invalidated.set(uid, performance.now());
  }

  async get(uid: string, hash: string): Promise<Entry> {
    const cached = this.entries.get(uid);
    if (cached) {
      if (!sameHash(cached.hashBytes, hash)) throw DomainException.of('NOT_FOUND', 'order.notFound');
      return cached;
    }
    const started = performance.now();
    const order = await this.bus.request('order.order.public', { uid, hash });
    const entry = this.entry(order);
    if ((this.invalidated.get(uid) ?? -1) < started) {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the map holds MAX_ENTRIES entries here, so it has a first key
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(uid, entry);
    }
    return entry;
  }

  /** A cached entry whose hash matches, else null (no fetch): the fast path's lookup. */
  peek(uid: string, hash: string): Entry | null {
    const cached = this.entries.get(uid);
    return cached && sameHash(cached.hashBytes, hash) ? cached : null;
  }

  private entry(order: PublicOrder): Entry {
    const body = Buffer.from(JSON.stringify({ data: order }));
    return {
      hashBytes: Buffer.from(order.hash),
      body,
      etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.follower.start();
    this.sweeper = setInterval(() => {
      const limit = performance.now() - 60_000;
      for (const [uid, at] of this.invalidated) if (at < limit) this.invalidated.delete(uid);
    }, 30_000);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    this.follower.stop();
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
