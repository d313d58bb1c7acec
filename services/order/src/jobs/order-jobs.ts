import { QUEUES, type OrderJobPayload, type QueueName } from '@shop/contracts';
import { addToOutbox, type OutboxEntity } from '@shop/server';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { EntityManager } from 'typeorm';
import type { OrderEntity } from '../orders/order.entity.js';

const JOB_SUBJECT = 'job.';

/** A job row: the outbox hands it to BullMQ under a deterministic id, so no retry enqueues it twice. */
export interface JobRow {
  queue: QueueName;
  jobId: string;
  data: OrderJobPayload;
}

/**
 * Writes a print, e-mail or SMS job into the outbox, in the caller's transaction. The id names the order and
 * the reason (`email-17-created`, `print-17-confirmed`, `email-17-resend-2`; BullMQ forbids ":"), so the relay may deliver the
 * row again after a crash and BullMQ still keeps one job.
 */
export async function jobRow(m: EntityManager, queue: QueueName, order: Pick<OrderEntity, 'id' | 'branchId'>, reason: string): Promise<string> {
  const row = jobOutboxRow(queue, order, reason);
  await addToOutbox(m, row.subject, row.payload);
  return row.payload.jobId;
}

/** The outbox row of a job, for callers that write several rows in one INSERT. */
export function jobOutboxRow(queue: QueueName, order: Pick<OrderEntity, 'id' | 'branchId'>, reason: string): { subject: string; payload: JobRow } {
  const jobId = `${queue}-${order.id}-${reason}`;
  return { subject: `${JOB_SUBJECT}${queue}`, payload: { queue, jobId, data: { orderId: order.id, branch: order.branchId, reason } } };
}

export type OrderQueues = Record<QueueName, Queue>;
export const ORDER_QUEUES = Symbol('ORDER_QUEUES');

export function createQueues(connection: ConnectionOptions, prefix: string): OrderQueues {
  const make = (name: string) => new Queue(name, { connection, prefix, defaultJobOptions: {
    attempts: 8, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 },
  } });
  return { print: make(QUEUES.print), email: make(QUEUES.email), sms: make(QUEUES.sms) };
}

/** The relay's dispatch for job rows: BullMQ ignores an add whose job id exists, which makes redelivery safe. */
export function jobDispatcher(queues: OrderQueues) {
  return async (row: OutboxEntity): Promise<boolean> => {
    if (!row.subject.startsWith(JOB_SUBJECT)) return false;
    const job = row.payload as JobRow;
    await queues[job.queue].add(job.queue, job.data, { jobId: job.jobId });
    return true;
  };
}
