import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { STREAMS } from '@shop/contracts';
import { CONFIG, ensureStream, LOGGER, NATS_CONNECTION, streamName } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { InitCache } from './init-cache.js';

/**
 * Follows the catalogue's event stream with an ordered (ephemeral) consumer and drops the /api/init cache
 * on every change, so each gateway instance serves a new version right after any service commits one.
 */
@Injectable()
export class CatalogueEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly cache: InitCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureStream(this.nc, this.config.NATS_SUBJECT_PREFIX, STREAMS.catalogue);
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
  }

  private async run(): Promise<void> {
    const prefix = this.config.NATS_SUBJECT_PREFIX;
    while (!this.stopped && !this.nc.isClosed()) {
      try {
        const consumer = await jetstream(this.nc).consumers.get(streamName(prefix, STREAMS.catalogue.name), {
          deliver_policy: DeliverPolicy.New,
        });
        // anything may have changed while we were not listening
        this.cache.invalidate();
        const messages = await consumer.consume();
        for await (const msg of messages) {
          this.cache.invalidate();
          this.logger.debug({ subject: msg.subject }, 'catalogue changed; init cache dropped');
          if (this.stopped) break;
        }
      } catch (err) {
        if (this.stopped || this.nc.isClosed()) return;
        this.logger.warn({ err }, 'catalogue event consumer failed; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
