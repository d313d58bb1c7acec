import { Injectable } from '@nestjs/common';
import { OrderListQuery, type Actor, type ListReply, type StaffOrder } from '@shop/contracts';
import { parseOrThrow, requireAccess, visibleBranches } from '@shop/server';
import { OrderRepository } from '../../order.repository.js';
import { scopeOf, StaffViews } from '../shared/staff-views.js';

/** order.order.list: the history with filters and paging, newest first, scoped to the actor's branches. */
@Injectable()
export class ListOrders {
  constructor(
    private readonly orders: OrderRepository,
    private readonly views: StaffViews,
  ) {}

  async execute(actor: Actor | null, rawQuery: Record<string, unknown>): Promise<ListReply<StaffOrder>> {
    const staff = requireAccess(actor, 'staff');
    const q = parseOrThrow(OrderListQuery, rawQuery);
    const [orders, total] = await this.orders.page(scopeOf(visibleBranches(staff), q.branch), q);
    return { items: await this.views.many(orders), meta: { total, page: q.page, perPage: q.perPage } };
  }
}
