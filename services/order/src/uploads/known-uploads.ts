import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { StreamEvent, UploadRef } from '@shop/contracts';
import { CONFIG, LOGGER, NATS_CONNECTION, ServiceBus, StreamFollower, type BaseConfig } from '@shop/server';
import type { Logger } from 'pino';

/** At most this many announced uploads are kept (about 100 bytes each); the oldest is forgotten first. */
export const MAX_KNOWN_UPLOADS = 10_000;

/**
 * The uploads the content service announced while this process followed its stream: `content.upload.created`
 * carries an upload's publicHash, `content.upload.deleted` (a purge, an erasure, a staff member's delete) forgets
 * it, and a gap in the stream forgets all. An order's upload check answers from here and asks the content service
 * (`content.upload.verify`) only for the references it has not seen: a customer uploads a file seconds before the
 * order that names it, so the check usually costs no round trip (issue 45: it was a NATS request and a query in the
 * content service for each order with an upload). A reference whose id is known with another hash is missing.
 * An upload deleted in the moment before its order is checked may still pass, as it could between the content
 * service's answer and the order's commit before: the lag is the content relay's (under 100 ms).
 */
@Injectable()
export class KnownUploads implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly hashes = new Map<number, string>();
  private readonly follower: StreamFollower<'content'>;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: Pick<BaseConfig, 'NATS_SUBJECT_PREFIX'>,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.follower = new StreamFollower({
      nc,
      prefix: config.NATS_SUBJECT_PREFIX,
      logger,
      stream: 'content',
      onReset: () => this.hashes.clear(),
      onEvent: (event) => this.follow(event),
    });
  }

  /** The references that name no stored upload (in no particular order). */
  async missing(refs: UploadRef[]): Promise<UploadRef[]> {
    const unseen = refs.filter((r) => !this.hashes.has(r.id));
    const missing = refs.filter((r) => this.hashes.has(r.id) && this.hashes.get(r.id) !== r.publicHash);
    if (unseen.length) missing.push(...(await this.bus.request('content.upload.verify', { refs: unseen })).missing);
    return missing;
  }

  /** How many announced uploads are kept. */
  get size(): number {
    return this.hashes.size;
  }

  /** Whether the upload's announcement has arrived (and it was not deleted since). */
  has(id: number): boolean {
    return this.hashes.has(id);
  }

  private follow(event: StreamEvent<'content'>): void {
    if (event.name === 'content.upload.created' && event.payload.publicHash) {
      if (this.hashes.size >= MAX_KNOWN_UPLOADS) this.hashes.delete(this.hashes.keys().next().value as number);
      this.hashes.set(event.payload.id, event.payload.publicHash);
    } else if (event.name === 'content.upload.deleted') {
      this.hashes.delete(event.payload.id);
    }
  }

  onApplicationBootstrap(): Promise<void> {
    return this.follower.start();
  }

  onApplicationShutdown(): void {
    this.follower.stop();
  }
}
