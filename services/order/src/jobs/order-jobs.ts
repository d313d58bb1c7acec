import {
  JOB_QUEUES,
  type JobItem,
  type JobName,
  type OrderContext,
  type OrderSnapshot,
  type QueueName,
} from '@shop/contracts';
import { createJobQueue } from '@shop/server';
import type { ConnectionOptions, Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { toStaffOrder } from '../orders/order-view.js';
import { OrderItemEntity } from '../orders/order-item.entity.js';
import type { OrderEntity } from '../orders/order.entity.js';

type OrderJobName = Exclude<JobName, 'print-test-page'>;

/** What the message shows, as the order service holds it now: the worker renders from this and asks nobody. */
export function orderSnapshot(
  order: OrderEntity,
  items: OrderItemEntity[],
  ctx: Pick<OrderContext, 'branch' | 'config'>,
): OrderSnapshot {
  const { id, name, street, zipCode, city, phone, email, timezone } = ctx.branch;
  const { shopName, currency, disableTickets } = ctx.config;
  return {
    order: toStaffOrder(order, items),
    branch: { id, name, street, zipCode, city, phone, email, timezone },
    shop: { shopName, currency, disableTickets },
  };
}

/** The snapshot of a stored order (its lines read in the caller's transaction). */
export async function storedOrderSnapshot(
  m: EntityManager,
  order: OrderEntity,
  ctx: Pick<OrderContext, 'branch' | 'config'>,
): Promise<OrderSnapshot> {
  return orderSnapshot(order, await m.getRepository(OrderItemEntity).findBy({ orderId: order.id }), ctx);
}

/**
 * A print, e-mail or SMS job of an order. The id names the queue, the order and the reason (`email-17-created`,
 * `print-17-confirmed`, `email-17-resend-2`; BullMQ forbids ":"), so the relay may deliver the row again after a
 * crash and BullMQ still keeps one job.
 */
export function orderJob(name: OrderJobName, snapshot: OrderSnapshot, reason: string): JobItem {
  const queue = JOB_QUEUES[name];
  const orderId = snapshot.order.id;
  return {
    name,
    queue,
    jobId: `${queue}-${orderId}-${reason}`,
    data: { orderId, branch: snapshot.branch.id, reason, snapshot },
  } as JobItem;
}

/** A printer's test page: order id 0 in the job id, which names the device and the moment (print-0-test-5-lx2k9q). */
export function testPageJob(branch: number, deviceId: number, now = Date.now()): JobItem {
  const reason = `test-${deviceId}-${now.toString(36)}`;
  return { name: 'print-test-page', queue: 'print', jobId: `print-0-${reason}`, data: { branch, deviceId, reason } };
}

export type OrderQueues = Record<QueueName, Queue>;
export const ORDER_QUEUES = Symbol('ORDER_QUEUES');

export function createQueues(connection: ConnectionOptions, prefix: string): OrderQueues {
  const make = (name: QueueName) => createJobQueue(name, connection, prefix);
  return { print: make('print'), email: make('email'), sms: make('sms') };
}
