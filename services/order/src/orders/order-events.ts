import type { OrderChangedEvent } from '@shop/contracts';
import type { OrderEntity } from './order.entity.js';

/** The order event; with the figures the statistics read model keeps (placed at, total in cents, canceled). */
export function orderEvent(order: OrderEntity, verb: OrderChangedEvent['verb'], change: string): OrderChangedEvent {
  return {
    id: order.id,
    uid: order.uid,
    branch: order.branchId,
    verb,
    change,
    at: new Date().toISOString(),
    createdAt: order.createdAt?.toISOString(),
    totalCents: Math.round(Number(order.totalGross) * 100),
    canceled: order.isCanceled,
  };
}
