import { Controller, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  isPrintCompletion,
  JobFailureReport,
  type JobCompletions,
  type JobFailedEvent,
  type JobItem,
} from '@shop/contracts';
import {
  addJob,
  addToOutbox,
  CONFIG,
  LOGGER,
  OUTBOX_RELAY,
  parseOrThrow,
  PeriodicTasks,
  requireService,
  Rpc,
  type OutboxKicker,
  type RpcMessage,
} from '@shop/server';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { OrderConfig } from '../config/order-config.js';
import { EnqueuePrint } from '../devices/usecases/enqueue-print/enqueue-print.usecase.js';
import { ORDER_QUEUES, type OrderQueues } from './order-jobs.js';

/**
 * Postgres is the source of truth for jobs, Redis is not: every job was written as an outbox row with the
 * order change, and the workers record each finished job. A job row handed to BullMQ a while ago and not
 * finished is added again under its deterministic id — a no-op while BullMQ still has it (waiting, active,
 * delayed), a new run after Redis lost it (restart without persistence, flush) — and a job that failed all its
 * attempts gets a new round, until it succeeds or leaves the 24-hour window.
 */
@Injectable()
export class JobRedispatcher implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(ORDER_QUEUES) private readonly queues: OrderQueues,
    private readonly enqueuePrint: EnqueuePrint,
    private readonly tasks: PeriodicTasks,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every(
      'job-redispatch',
      this.config.JOB_REDISPATCH_INTERVAL_MS,
      async () => void (await this.redispatch()),
    );
  }

  /**
   * Workers finished jobs: the print jobs' rendered receipts go into the printers' queues (a repeated job id adds
   * nothing) and every completion is recorded, in one statement for the whole report; from then on the
   * re-dispatcher leaves those jobs alone. Answers how many completions were new.
   */
  async complete({ completions }: JobCompletions): Promise<{ recorded: number }> {
    const prints = completions.filter(isPrintCompletion).map((c) => ({ ...c.result, jobKey: String(c.jobId) }));
    const { recorded } = await this.enqueuePrint.execute(
      prints,
      completions.map((c) => String(c.jobId)),
    );
    return { recorded };
  }

  /**
   * A worker gave up on a job after its last attempt: `order.job.failed` for the system log, through the
   * outbox like every event (the workers have no database of their own).
   */
  async recordFailure(raw: unknown): Promise<{ recorded: boolean }> {
    const report = parseOrThrow(JobFailureReport, raw);
    const event: JobFailedEvent = { ...report, at: new Date().toISOString() };
    await addToOutbox(this.ds.manager, 'order.job.failed', event);
    void this.relay.kick();
    this.logger.error({ jobId: report.jobId, reason: report.reason }, 'job failed after its last attempt');
    return { recorded: true };
  }

  /**
   * Adds unfinished jobs again (24 h back): those BullMQ lost, and those that failed every attempt for a reason
   * that may have passed (so a receipt still reaches the kitchen). Answers how many were dispatched again.
   */
  async redispatch(): Promise<number> {
    const rows: Array<{ payload: JobItem }> = await this.ds.query(
      `SELECT o.payload FROM "order"."outbox" o
        WHERE o.subject LIKE 'job.%' AND o.payload ? 'name' AND o."publishedAt" IS NOT NULL
          AND o."createdAt" < now() - make_interval(secs => $1::float / 1000)
          AND o."createdAt" > now() - interval '24 hours'
          AND NOT EXISTS (SELECT 1 FROM "order"."job_completion" c WHERE c."jobId" = o.payload->>'jobId')
        ORDER BY o.id LIMIT 1000`,
      [this.config.JOB_REDISPATCH_AFTER_MS],
    );
    let restored = 0;
    let retried = 0;
    for (const { payload: job } of rows) {
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

/** The workers' reports: the only calls they make, signed with the services' identity (no staff actor). */
@Controller()
export class JobCompletionController {
  constructor(
    private readonly jobs: JobRedispatcher,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  @Rpc('order.job.completed')
  completed(@Payload() m: RpcMessage<'order.job.completed'>) {
    requireService(m.caller, 'order.job.completed', this.config.SERVICE_SECRET, ['workers']);
    return this.jobs.complete(m.payload);
  }

  @Rpc('order.job.record-failure')
  failed(@Payload() m: RpcMessage<'order.job.record-failure'>) {
    requireService(m.caller, 'order.job.record-failure', this.config.SERVICE_SECRET, ['workers']);
    return this.jobs.recordFailure(m.payload);
  }
}
