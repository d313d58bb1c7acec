import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, ServiceBus } from '@shop/server';
import type { OrderJobPayload, QueueName } from '@shop/contracts';
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
    worker.on('failed', (job, err) => {
      // BullMQ sets finishedOn only when it gives up (last attempt, or an unrecoverable error)
      if (!job?.finishedOn) {
        this.logger.warn({ queue, jobId: job?.id, err }, 'job failed; BullMQ retries with backoff');
        return;
      }
      void this.reportFailure(queue, job as Job<Partial<OrderJobPayload>>, err);
    });
    worker.on('error', (err) => this.logger.warn({ queue, err }, 'queue worker error'));
    return worker;
  }

  /** The last attempt failed: the order service records it (`order.job.failed`), so it reaches the system log. */
  private async reportFailure(queue: string, job: Job<Partial<OrderJobPayload>>, err: Error): Promise<void> {
    const report = {
      jobId: String(job.id), queue: queue as QueueName, orderId: job.data.orderId ?? 0, branch: job.data.branch ?? 0,
      reason: err.message.slice(0, 2000), attempts: job.attemptsMade,
    };
    try {
      await this.bus.request('order.job.record-failure', report);
      this.logger.error({ ...report, err }, 'job failed after its last attempt');
    } catch (reportErr) {
      // the job stays failed in BullMQ (kept 30 days); this line is then the only trace
      this.logger.error({ ...report, err, reportErr }, 'job failed after its last attempt; the failure could not be recorded');
    }
  }
}
