import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { OrderContext } from '@shop/contracts';
import { CONFIG, LOGGER, NATS_CONNECTION, ServiceBus, StreamFollower } from '@shop/server';
import type { Logger } from 'pino';
import type { OrderConfig } from '../config/order-config.js';

/**
 * A local read model of the catalogue per branch (branch, config, menus, products, tables), loaded by
 * request/reply and dropped on every catalogue event, so pricing an order costs no NATS round trip.
 */
@Injectable()
export class CatalogueContextCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly cache = new Map<number, Promise<OrderContext | null>>();
  private readonly follower: StreamFollower<'catalogue'>;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: OrderConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.follower = new StreamFollower({
      nc,
      prefix: config.NATS_SUBJECT_PREFIX,
      stream: 'catalogue',
      logger,
      onReset: () => this.cache.clear(),
      onEvent: () => this.cache.clear(),
    });
  }

  get(branchId: number): Promise<OrderContext | null> {
    let entry = this.cache.get(branchId);
    if (!entry) {
      entry = this.bus.requestAsService('catalogue.order.context', { branchId });
      const stored = entry;
      entry.catch(() => this.cache.get(branchId) === stored && this.cache.delete(branchId));
      this.cache.set(branchId, entry);
    }
    return entry;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.follower.start();
  }

  onApplicationShutdown(): void {
    this.follower.stop();
  }
}
