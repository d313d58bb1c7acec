import { Inject, Injectable } from '@nestjs/common';
import type { Actor, StaffOrder } from '@shop/contracts';
import { CONFIG, requireAccess, visibleBranches } from '@shop/server';
import type { OrderConfig } from '../../../config/order-config.js';
import { OrderRepository } from '../../order.repository.js';
import { scopeOf, StaffViews } from '../shared/staff-views.js';

/**
 * order.order.missed: still unconfirmed ORDER_MISSED_AFTER_MINUTES after the agreed appointment or, without one,
 * after it was placed — the customer is waiting and nobody has answered (status open).
 */
@Injectable()
export class MissedOrders {
  constructor(
    private readonly orders: OrderRepository,
    private readonly views: StaffViews,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  async execute(actor: Actor | null, branch?: number): Promise<StaffOrder[]> {
    const scope = scopeOf(visibleBranches(requireAccess(actor, 'staff')), branch);
    return this.views.many(await this.orders.missed(scope, this.config.ORDER_MISSED_AFTER_MINUTES));
  }
}
