import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { type OrderChangedEvent } from '@shop/contracts';
import { CONFIG, LOGGER, NATS_CONNECTION, StreamFollower } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';

/** What a subscriber receives: an order event, or 'reset' after a gap in the stream (reload everything). */
export type OrderFeedMessage = { type: 'order'; event: OrderChangedEvent } | { type: 'reset' } | { type: 'shutdown' };
export type OrderFeedListener = (message: OrderFeedMessage) => void;

/**
 * The live order feed of the back office: one JetStream follower of the ORDERS stream per gateway
 * instance, fanned out to every open order board (server-sent events). Subscribers filter by branch.
 */
@Injectable()
export class OrderEventsHub implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly listeners = new Set<OrderFeedListener>();
  private readonly follower: StreamFollower<'order'>;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.follower = new StreamFollower({
      nc,
      prefix: config.NATS_SUBJECT_PREFIX,
      stream: 'order',
      logger,
      onReset: () => this.emit({ type: 'reset' }),
      onEvent: ({ payload }) => this.emit({ type: 'order', event: payload }),
    });
  }

  subscribe(listener: OrderFeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  private emit(message: OrderFeedMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (err) {
        this.logger.warn({ err }, 'order feed listener failed');
      }
    }
  }

  onApplicationBootstrap(): Promise<void> {
    return this.follower.start();
  }

  /** Before the HTTP server closes: open streams end (the server would otherwise wait for them). */
  onModuleDestroy(): void {
    this.follower.stop();
    this.emit({ type: 'shutdown' });
    this.listeners.clear();
  }
}
