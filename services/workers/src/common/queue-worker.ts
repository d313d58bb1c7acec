import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { WorkersConfig } from '../config/workers-config.js';

/** A BullMQ worker on one of the order queues (same Redis prefix as the order service's queues). */
export function startQueueWorker<T>(
  queue: string, config: WorkersConfig, logger: Logger, concurrency: number, process: (job: Job<T>) => Promise<unknown>,
): Worker<T> {
  const worker = new Worker<T>(queue, process, {
    connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${config.REDIS_PREFIX}${config.BULLMQ_PREFIX}`,
    concurrency,
  });
  worker.on('failed', (job, err) => logger.warn({ queue, jobId: job?.id, err }, 'job failed; BullMQ retries with backoff'));
  return worker;
}
