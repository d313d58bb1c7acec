import { Injectable } from '@nestjs/common';
import type { Actor, StaffOrder } from '@shop/contracts';
import { requireAccess, visibleBranches } from '@shop/server';
import { OrderRepository } from '../../order.repository.js';
import { scopeOf, StaffViews } from '../shared/staff-views.js';

/** order.order.current: every order that is not final yet (open, confirmed, in delivery), oldest due first. */
@Injectable()
export class CurrentOrders {
  constructor(
    private readonly orders: OrderRepository,
    private readonly views: StaffViews,
  ) {}

  async execute(actor: Actor | null, branch?: number): Promise<StaffOrder[]> {
    const scope = scopeOf(visibleBranches(requireAccess(actor, 'staff')), branch);
    return this.views.many(await this.orders.current(scope));
  }
}
