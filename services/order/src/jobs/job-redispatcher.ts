import { Inject, Injectable } from '@nestjs/common';
import { addJob, CONFIG, LOGGER, Periodic } from '@shop/server';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { OrderConfig } from '../config/order-config.js';
import { JobRepository } from './job.repository.js';
import { ORDER_QUEUES, type OrderQueues } from './order-jobs.js';

/**
 * Postgres is the source of truth for jobs, Redis is not: every job was written as an outbox row with the
 * order change, and the workers record each finished job (usecases/complete-job). A job row handed to BullMQ a
 * while ago and not finished is added again under its deterministic id — a no-op while BullMQ still has it
 * (waiting, active, delayed), a new run after Redis lost it (restart without persistence, flush) — and a job that
 * failed all its attempts gets a new round, until it succeeds or leaves the 24-hour window.
 */
@Injectable()
export class JobRedispatcher {
  constructor(
    private readonly jobs: JobRepository,
    @Inject(ORDER_QUEUES) private readonly queues: OrderQueues,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Adds unfinished jobs again (24 h back): those BullMQ lost, and those that failed every attempt for a reason
   * that may have passed (so a receipt still reaches the kitchen). Answers how many were dispatched again.
   */
  @Periodic('job-redispatch', (c: OrderConfig) => c.JOB_REDISPATCH_INTERVAL_MS)
  async redispatch(): Promise<number> {
    let restored = 0;
    let retried = 0;
    for (const job of await this.jobs.unfinished(this.config.JOB_REDISPATCH_AFTER_MS)) {
      const existing = await this.queues[job.queue].getJob(job.jobId);
      if (!existing) {
        await addJob(this.queues[job.queue], job);
        restored++;
      } else if (await spentItsAttempts(existing)) {
        // it failed every attempt for a reason that may pass (order service or NATS away, a timeout): a new round
        await existing.retry('failed');
        retried++;
      }
    }
    if (restored) this.logger.warn({ restored }, 'jobs missing from Redis were dispatched again');
    if (retried) this.logger.warn({ retried }, 'jobs that failed every attempt were dispatched again');
    return restored + retried;
  }
}

/**
 * A failed job that used up all its attempts. A job the workers refused as unrecoverable (a shape no processor
 * knows, `UnrecoverableError`) fails after fewer attempts and is left alone: another round cannot help it.
 */
async function spentItsAttempts(job: Job): Promise<boolean> {
  return (await job.isFailed()) && job.attemptsMade >= (job.opts.attempts ?? 1);
}
