import type { QueueName } from '@shop/contracts';
import { createJobQueue } from '@shop/server';
import type { ConnectionOptions, Queue } from 'bullmq';

// An order's jobs are built in orders/order-snapshot.ts; this folder runs them (queues, dispatch, completion).

export type OrderQueues = Record<QueueName, Queue>;
export const ORDER_QUEUES = Symbol('ORDER_QUEUES');

export function createQueues(connection: ConnectionOptions, prefix: string): OrderQueues {
  const make = (name: QueueName) => createJobQueue(name, connection, prefix);
  return { print: make('print'), email: make('email'), sms: make('sms') };
}
