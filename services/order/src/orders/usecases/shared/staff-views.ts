import { Injectable } from '@nestjs/common';
import type { StaffOrder } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { toStaffOrder } from '../../order-view.js';
import type { OrderEntity } from '../../order.entity.js';
import { OrderRepository, type BranchScope } from '../../order.repository.js';
import { receiptStatuses } from '../../receipt-status.js';

/**
 * The branches a staff list reads: the one asked for (if the actor may see it: else 403), else every branch the
 * actor sees (visibleBranches; a counter screen's key: its own).
 */
export function scopeOf(visible: BranchScope, branch?: number): BranchScope {
  if (branch === undefined) return visible;
  if (visible !== 'all' && !visible.includes(branch)) throw DomainException.forbidden('http.forbiddenBranch');
  return [branch];
}

/** The staff views of orders: with their lines and the receipt status of their latest print job. */
@Injectable()
export class StaffViews {
  constructor(private readonly orders: OrderRepository) {}

  async one(order: OrderEntity): Promise<StaffOrder> {
    const [staff] = await this.many([order]);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- one order in, one out
    return staff!;
  }

  async many(orders: OrderEntity[]): Promise<StaffOrder[]> {
    if (!orders.length) return [];
    const ids = orders.map((o) => o.id);
    const [items, receipts] = await Promise.all([this.orders.linesOfMany(ids), this.orders.receiptRows(ids)]);
    const statuses = receiptStatuses(receipts);
    return orders.map((o) =>
      toStaffOrder(
        o,
        items.filter((i) => i.orderId === o.id),
        statuses.get(o.id) ?? null,
      ),
    );
  }
}
