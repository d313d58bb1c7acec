import { QUEUES, type JobItem, type QueueName } from '@shop/contracts';
import { Queue, type ConnectionOptions } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { JOB_OUTBOX_PREFIX, type OutboxRow } from '../outbox/outbox-relay.js';
import { COALESCED_REDIS } from '../runtime/coalesced-writes.js';

/**
 * A job queue of a service that adds jobs (order, content): one shape for all, so every job retries alike and keeps
 * the trace context it was added in (the relay adds it in the context of the change that wrote the job row), which
 * the worker's span continues: one order's or one form submission's path is one trace.
 */
export function createJobQueue(name: QueueName, connection: ConnectionOptions, prefix: string): Queue {
  return new Queue(QUEUES[name], {
    // a pass of the relay adds its jobs in one write (coalesced-writes.ts); an ioredis client as it is
    connection: 'options' in connection ? connection : { ...connection, ...COALESCED_REDIS },
    prefix,
    telemetry: new BullMQOtel({ tracerName: 'bullmq' }),
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  });
}

/** Adds a job under its deterministic id: BullMQ ignores an add whose job id exists, so a repeat sends nothing. */
export function addJob(queue: Queue, job: JobItem): Promise<unknown> {
  return queue.add(job.name, job.data, { jobId: job.jobId });
}

/**
 * The outbox relay's dispatch for job rows: into BullMQ under the job's id (adding again is safe, see addJob, which
 * makes redelivery safe). While the queue's Redis is not connected it fails at once (an add would wait for the
 * reconnect): the relay keeps the row and tries again later, and the service's events go on meanwhile.
 */
export function jobDispatcher(queueOf: (job: JobItem) => Queue) {
  return async (row: OutboxRow): Promise<boolean> => {
    if (!row.subject.startsWith(JOB_OUTBOX_PREFIX)) return false;
    const job = row.payload as JobItem;
    const queue = queueOf(job);
    if ((await queue.backend.client).status !== 'ready') throw new Error('the job queue (Redis) is not connected');
    await addJob(queue, job);
    return true;
  };
}
