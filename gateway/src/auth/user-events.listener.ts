import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { CONFIG, LOGGER, NATS_CONNECTION, StreamFollower } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { StaffSessions } from './staff-session.js';

/**
 * Follows identity's user events: a changed or deleted user's sessions re-confirm their actor at their next
 * request (a locked, disabled, expired or deleted user's session ends, new roles apply), instead of being
 * trusted for up to ACTOR_REFRESH_SECONDS. After a gap in the stream every session re-confirms.
 */
@Injectable()
export class UserEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly follower: StreamFollower<'identity'>;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    sessions: StaffSessions,
  ) {
    const changed = (userId: number | null) =>
      void sessions.userChanged(userId).catch((err) => logger.warn({ err, userId }, 'user change not recorded'));
    this.follower = new StreamFollower({
      nc,
      prefix: config.NATS_SUBJECT_PREFIX,
      stream: 'identity',
      logger,
      onReset: () => changed(null),
      onEvent: (event) => {
        if (event.name === 'identity.user.updated' || event.name === 'identity.user.deleted') changed(event.payload.id);
      },
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.follower.start();
  }

  onApplicationShutdown(): void {
    this.follower.stop();
  }
}
