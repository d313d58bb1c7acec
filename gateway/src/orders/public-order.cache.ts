import { Injectable } from '@nestjs/common';
import { type PublicOrder } from '@shop/contracts';
import { DomainException, FollowedCache, FollowedCaches, ServiceBus } from '@shop/server';
import { createHash, timingSafeEqual } from 'node:crypto';

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
 * raced an update is not stored, so a poll never sees an older state after a newer one (FollowedCache).
 */
@Injectable()
export class PublicOrderCache {
  private readonly entries: FollowedCache<string, Entry>;

  constructor(
    private readonly bus: ServiceBus,
    caches: FollowedCaches,
  ) {
    this.entries = caches.create({
      follows: { order: ({ payload }) => payload.uid },
      maxEntries: MAX_ENTRIES,
      onStale: (uid) => this.invalidate(uid),
    });
  }

  /** Drops the order's entry (every entry without a uid: after a gap in the stream). */
  invalidate(uid?: string): void {
    if (uid === undefined) this.entries.clear();
    else this.entries.delete(uid);
  }

  async get(uid: string, hash: string): Promise<Entry> {
    // not shared by uid: the fetch checks the caller's hash, and one caller's wrong hash must not fail another's poll
    const entry = await this.entries.get(
      uid,
      async () => this.entry(await this.bus.request('order.order.public', { uid, hash })),
      false,
    );
    if (!sameHash(entry.hashBytes, hash)) throw DomainException.of('NOT_FOUND', 'order.notFound');
    return entry;
  }

  /** A cached entry whose hash matches, else null (no fetch): the fast path's lookup. */
  peek(uid: string, hash: string): Entry | null {
    const cached = this.entries.peek(uid);
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
}
