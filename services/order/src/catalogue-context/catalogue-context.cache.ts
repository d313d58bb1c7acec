import { Injectable } from '@nestjs/common';
import type { OrderContext } from '@shop/contracts';
import { type FollowedCache, FollowedCaches, ServiceBus } from '@shop/server';

/**
 * A local read model of the catalogue per branch (branch, config, menus, products, tables), loaded by
 * request/reply and dropped on every catalogue event, so pricing an order costs no NATS round trip.
 */
@Injectable()
export class CatalogueContextCache {
  private readonly contexts: FollowedCache<number, OrderContext | null>;

  constructor(
    private readonly bus: ServiceBus,
    caches: FollowedCaches,
  ) {
    // a catalogue event names one entity, not the branches whose context it changes: every context is dropped
    this.contexts = caches.create<number, OrderContext | null>({ follows: { catalogue: () => null } });
  }

  get(branchId: number): Promise<OrderContext | null> {
    return this.contexts.get(branchId, () => this.bus.requestAsService('catalogue.order.context', { branchId }));
  }
}
