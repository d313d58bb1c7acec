import { Inject, Injectable } from '@nestjs/common';
import type { JobItem } from '@shop/contracts';
import type { Job, Queue, RedisClient } from 'bullmq';
import { ORDER_QUEUES, type OrderQueues } from '../jobs/order-jobs.js';
import { anonymisedJobData, CUSTOMER_ONLY_JOBS } from './anonymise.js';

/** glob characters of Redis' MATCH, escaped (a prefix may carry a cluster's `{hash tag}`, never these in practice) */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/** how long the erasure waits for a queue's Redis connection before it gives up (and rolls back) */
const CONNECT_TIMEOUT_MS = 3000;

/** the order of a job id `<queue>-<order id>-<reason>` (orders/order-snapshot.ts, orders/status-mail.ts) */
const ORDER_JOB_ID = /^[a-z]+-(\d+)-[^:]+$/;

/**
 * Issue 44: BullMQ's copies of an erased customer's jobs (queues print, email and sms, job ids `print-17-created`,
 * `email-17-status-confirmed`, `sms-17-created`). BullMQ keeps a finished job 7 days and a failed one 30 (its data,
 * and for a receipt its result: the rendered receipt), longer than the outbox keeps the job's row, so the jobs are
 * found by their ids' keys in Redis rather than through the outbox.
 */
@Injectable()
export class QueuedOrderJobs {
  constructor(@Inject(ORDER_QUEUES) private readonly queues: OrderQueues) {}

  /**
   * Removes the orders' finished jobs and the jobs only for the customer (SMS, status e-mails), and gives the others
   * (waiting, delayed, running) the anonymised data; a job a worker holds right now cannot be removed and gets the
   * anonymised data instead. Answers how many jobs were changed. Fails at once while Redis is not connected (the
   * erasure's transaction then rolls back and the request can be repeated).
   */
  async scrub(orderIds: number[]): Promise<number> {
    if (!orderIds.length) return 0;
    const wanted = new Set(orderIds);
    let changed = 0;
    for (const queue of Object.values(this.queues)) {
      const client = await connectedClient(queue);
      for (const job of await this.jobsOf(client, queue, wanted)) {
        await scrubJob(job);
        changed++;
      }
      await dropEvents(client, queue, wanted);
    }
    return changed;
  }

  /** the jobs of these orders in one queue */
  private async jobsOf(client: RedisClient, queue: Queue, orderIds: ReadonlySet<number>): Promise<Job[]> {
    const base = queue.toKey('');
    const ids = new Set<string>();
    const stream = client.scanStream({ match: `${escapeGlob(base)}${escapeGlob(queue.name)}-*`, count: 1000 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      for (const key of keys) {
        const id = key.slice(base.length);
        if (isJobOf(id, orderIds)) ids.add(id);
      }
    }
    const jobs = await Promise.all([...ids].map((id) => queue.getJob(id)));
    return jobs.filter((job): job is Job => !!job);
  }
}

const isJobOf = (jobId: string | undefined, orderIds: ReadonlySet<number>) => {
  const orderId = jobId && ORDER_JOB_ID.exec(jobId)?.[1];
  return !!orderId && orderIds.has(Number(orderId));
};

/** events read per XRANGE */
const EVENTS_PAGE = 1000;

/**
 * BullMQ's event stream of a queue (`<prefix>:<queue>:events`, trimmed at 10,000 events) keeps each job's result
 * ('completed': a rendered receipt) and failure reason ('failed': an SMTP answer naming the recipient): the orders'
 * events are deleted. Read a page at a time with XRANGE, deleted with XDEL (commands of BullMQ's ioredis client).
 */
async function dropEvents(client: RedisClient, queue: Queue, orderIds: ReadonlySet<number>): Promise<void> {
  const key = queue.keys.events;
  let start = '-';
  for (;;) {
    const entries = (await client.runCommand('xrange', [key, start, '+', 'COUNT', EVENTS_PAGE])) as Array<
      [string, string[]]
    >;
    const doomed = entries.filter(([, fields]) => isJobOf(fields[fields.indexOf('jobId') + 1], orderIds));
    if (doomed.length) await client.runCommand('xdel', [key, ...doomed.map(([id]) => id)]);
    const last = entries.at(-1);
    if (entries.length < EVENTS_PAGE || !last) return;
    start = `(${last[0]}`;
  }
}

/**
 * The queue's Redis client once it is connected; an error when it is not within CONNECT_TIMEOUT_MS (BullMQ waits for
 * the connection without end while Redis is away, and the erasure holds its orders' row locks meanwhile).
 */
async function connectedClient(queue: Queue) {
  let timer: NodeJS.Timeout | undefined;
  const notConnected = new Error(`the job queue ${queue.name} (Redis) is not connected`);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(notConnected), CONNECT_TIMEOUT_MS);
  });
  try {
    const client = await Promise.race([queue.backend.client, timeout]).catch((cause: unknown) => {
      throw new Error(notConnected.message, { cause });
    });
    if (client.status !== 'ready') throw notConnected;
    return client;
  } finally {
    clearTimeout(timer);
  }
}

async function scrubJob(job: Job): Promise<void> {
  const state = await job.getState();
  if (CUSTOMER_ONLY_JOBS.has(job.name) || state === 'completed' || state === 'failed') {
    // a job a worker holds is locked: it keeps running, with the anonymised data from its next attempt on
    const removed = await job.remove().then(
      () => true,
      () => false,
    );
    if (removed) return;
  }
  await job.updateData(anonymisedJobData({ name: job.name, data: job.data } as JobItem));
}
