import { Injectable } from '@nestjs/common';
import type { Actor, StaffOrder } from '@shop/contracts';
import { canAccess, requireAccess } from '@shop/server';
import { OrderRepository } from '../../order.repository.js';
import { orderNotFound } from '../shared/order-changes.js';
import { StaffViews } from '../shared/staff-views.js';

/** order.order.get: one order for staff of its branch (another branch's order is 404, as an unknown one). */
@Injectable()
export class GetOrder {
  constructor(
    private readonly orders: OrderRepository,
    private readonly views: StaffViews,
  ) {}

  async execute(actor: Actor | null, id: number): Promise<StaffOrder> {
    const staff = requireAccess(actor, 'staff');
    const order = await this.orders.byId(id);
    if (!order || !canAccess(staff, 'branch', [order.branchId])) throw orderNotFound();
    return this.views.one(order);
  }
}
