import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { CONFIG, LOGGER, NATS_CONNECTION, StreamFollower } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { RedirectCache } from '../web/redirect-cache.js';
import { InitCache } from './init-cache.js';

/**
 * Drops the /api/init cache on every catalogue and content event (and the redirects on every content event), so
 * each gateway instance serves a new version right after any service commits one.
 */
@Injectable()
export class CatalogueEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly followers: [StreamFollower<'catalogue'>, StreamFollower<'content'>];

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    cache: InitCache,
    redirects: RedirectCache,
  ) {
    const invalidate = (stream: 'catalogue' | 'content') => {
      cache.invalidate();
      if (stream === 'content') redirects.invalidate();
    };
    const follow = <S extends 'catalogue' | 'content'>(stream: S) =>
      new StreamFollower({
        nc,
        prefix: config.NATS_SUBJECT_PREFIX,
        stream,
        logger,
        onReset: () => invalidate(stream),
        onEvent: () => invalidate(stream),
      });
    this.followers = [follow('catalogue'), follow('content')];
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.followers.map((f) => f.start()));
  }

  onApplicationShutdown(): void {
    for (const f of this.followers) f.stop();
  }
}
