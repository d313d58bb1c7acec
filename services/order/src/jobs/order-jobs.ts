import type { JobItem, QueueName } from '@shop/contracts';
import { createJobQueue } from '@shop/server';
import type { ConnectionOptions, Queue } from 'bullmq';

// An order's jobs are built in orders/order-snapshot.ts; this folder runs them (queues, dispatch, completion).

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
