import type { OrderChangedEvent } from '@shop/contracts';
import type { OrderEntity } from './order.entity.js';

export function orderEvent(order: OrderEntity, verb: OrderChangedEvent['verb'], change: string): OrderChangedEvent {
  return { id: order.id, uid: order.uid, branch: order.branchId, verb, change, at: new Date().toISOString() };
}
