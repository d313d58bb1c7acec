import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, ServiceBus } from '@shop/server';
import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { WorkersConfig } from '../config/workers-config.js';

/**
 * Starts BullMQ workers on the order queues (same Redis prefix as the order service's queues). A job counts
 * as done only once the order service has recorded its completion: until then its re-dispatcher may add it
 * again (after a Redis loss), and the processors' idempotence (sent markers, unique device-queue keys) keeps
 * a repeat from sending twice. A crashed worker's active job is taken over after WORKER_LOCK_DURATION_MS.
 */
@Injectable()
export class QueueWorkers {
  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start<T>(queue: string, concurrency: number, process: (job: Job<T>) => Promise<unknown>): Worker<T> {
    const worker = new Worker<T>(queue, async (job) => {
      const result = await process(job);
      await this.bus.request('order.job.completed', { jobId: String(job.id) });
      return result;
    }, {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: `${this.config.REDIS_PREFIX}${this.config.BULLMQ_PREFIX}`,
      concurrency,
      lockDuration: this.config.WORKER_LOCK_DURATION_MS,
      stalledInterval: this.config.WORKER_LOCK_DURATION_MS,
    });
    worker.on('failed', (job, err) => this.logger.warn({ queue, jobId: job?.id, err }, 'job failed; BullMQ retries with backoff'));
    worker.on('error', (err) => this.logger.warn({ queue, err }, 'queue worker error'));
    return worker;
  }
}
