import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { CONFIG, LOGGER, NATS_CONNECTION, StreamFollower } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { InitCache } from './init-cache.js';

/**
 * Drops the /api/init cache on every catalogue event, so each gateway instance serves a new version right
 * after any service commits one.
 */
@Injectable()
export class CatalogueEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly follower: StreamFollower<'catalogue'>;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    cache: InitCache,
  ) {
    this.follower = new StreamFollower({
      nc,
      prefix: config.NATS_SUBJECT_PREFIX,
      stream: 'catalogue',
      logger,
      onReset: () => cache.invalidate(),
      onEvent: () => cache.invalidate(),
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.follower.start();
  }

  onApplicationShutdown(): void {
    this.follower.stop();
  }
}
