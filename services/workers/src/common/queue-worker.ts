import { Inject, Injectable } from '@nestjs/common';
import {
  baggageRequestId,
  COALESCED_REDIS,
  CONFIG,
  jobFailures,
  LOGGER,
  redactPersonalData,
  runWithRequestId,
  ServiceBus,
} from '@shop/server';
import { BullMQOtel } from 'bullmq-otel';
import {
  isPrintCompletion,
  type JobCompletion,
  type JobOf,
  type JobResultOf,
  type JobsOfQueue,
  type QueueName,
} from '@shop/contracts';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { WorkersConfig } from '../config/workers-config.js';
import { CompletionReports } from './completion-reports.js';

/** One processor per job name of a queue, typed from the job map: it gets the job's payload and returns its result. */
export type JobHandlers<Q extends QueueName> = {
  [N in JobsOfQueue<Q>]: (data: JobOf<N>, job: Job) => Promise<JobResultOf<N>>;
};

/**
 * What BullMQ keeps of a job's result (in Redis, 7 days with the job): a print job's rendered documents went to the
 * order service with the completion and live in the device queues from there, so BullMQ keeps their sizes in bytes
 * only. Written whole they were ~13 kB of base64 per receipt sent to Redis once more and kept there (issue 22).
 * Other results are small and kept as they are.
 */
export function keptResult(completion: JobCompletion): unknown {
  if (!isPrintCompletion(completion)) return completion.result;
  const { documents, ...rest } = completion.result;
  const sizes = Object.entries(documents).map(([format, base64]) => [format, Buffer.byteLength(base64, 'base64')]);
  return { ...rest, documentBytes: Object.fromEntries(sizes) };
}

/**
 * An error with its message and stack redacted (redactPersonalData): an SMTP or SMS provider's answer may name the
 * recipient, and BullMQ keeps the message (failedReason) and the stack with the failed job in Redis for 30 days,
 * where an erasure does not look (issue 44). Changed in place, so its class (UnrecoverableError …) stays.
 */
export function withoutPersonalData(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  err.message = redactPersonalData(err.message);
  if (err.stack) err.stack = redactPersonalData(err.stack);
  return err;
}

/**
 * Starts BullMQ workers on the job queues (same Redis prefix as the order and content services' queues). A job
 * carries what it needs (the order snapshot, a rendered form mail); its result goes back in the one call a worker
 * makes, `<writer>.job.completed` (JOB_COMPLETION_SUBJECTS; several jobs' results in one report under load, see
 * CompletionReports), signed with the workers' service identity. A job counts
 * as done only once its writer has recorded that: until then its re-dispatcher may add it again (after a Redis loss), and the processors' idempotence (sent markers, unique
 * device-queue keys) keeps a repeat from sending twice. A crashed worker's active job is taken over after
 * WORKER_LOCK_DURATION_MS.
 */
@Injectable()
export class QueueWorkers {
  private readonly completions = new CompletionReports((subject, completions) =>
    this.bus.requestAsService(subject, { completions }),
  );

  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start<Q extends QueueName>(queue: Q, concurrency: number, handlers: JobHandlers<Q>): Worker {
    const worker = new Worker(
      queue,
      // BullMQ runs this in the job's trace (bullmq-otel); its log lines carry the id of the request behind the job
      (job: Job) =>
        runWithRequestId(baggageRequestId() ?? `job:${job.id}`, () =>
          this.process(handlers, queue, job).catch((err: unknown) => Promise.reject(withoutPersonalData(err))),
        ),
      {
        connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null, ...COALESCED_REDIS },
        prefix: `${this.config.REDIS_PREFIX}${this.config.BULLMQ_PREFIX}`,
        concurrency,
        lockDuration: this.config.WORKER_LOCK_DURATION_MS,
        stalledInterval: this.config.WORKER_LOCK_DURATION_MS,
        telemetry: new BullMQOtel({ tracerName: 'bullmq' }),
      },
    );
    worker.on('failed', (job, err) => {
      jobFailures.inc({ queue, final: String(!!job?.finishedOn) });
      // BullMQ sets finishedOn only when it gives up (last attempt, or an unrecoverable error)
      if (!job?.finishedOn) {
        this.logger.warn({ queue, jobId: job?.id, err }, 'job failed; BullMQ retries with backoff');
        return;
      }
      void this.reportFailure(queue, job, err);
    });
    worker.on('error', (err) => this.logger.warn({ queue, err }, 'queue worker error'));
    return worker;
  }

  private async process<Q extends QueueName>(handlers: JobHandlers<Q>, queue: Q, job: Job): Promise<unknown> {
    const handle = (handlers as Record<string, ((data: unknown, job: Job) => Promise<unknown>) | undefined>)[job.name];
    // a job of another shape (written before the job map, or by a newer writer) would fail the same way every time
    if (!handle) throw new UnrecoverableError(`no processor for job "${job.name}" on queue ${queue}`);
    const result = await handle(job.data, job);
    // the service that wrote the job records it done (order jobs with the order service, form mails with content)
    const completion = { jobId: String(job.id), name: job.name, result } as JobCompletion;
    await this.completions.report(completion);
    return keptResult(completion);
  }

  /**
   * The last attempt failed: the order service records it (`order.job.failed`), so it reaches the system log. The
   * reason carries no e-mail address or phone number (issue 44: the event stays in JetStream for a week).
   */
  private async reportFailure(
    queue: QueueName,
    job: Job<{ orderId?: number; branch?: number }>,
    err: Error,
  ): Promise<void> {
    const report = {
      jobId: String(job.id),
      queue,
      orderId: job.data?.orderId ?? 0,
      branch: job.data?.branch ?? 0,
      // redacted already when the processor threw it; a stalled job's error comes from BullMQ itself
      reason: redactPersonalData(err.message).slice(0, 2000),
      attempts: job.attemptsMade,
    };
    try {
      await this.bus.requestAsService('order.job.record-failure', report);
      this.logger.error({ ...report, err }, 'job failed after its last attempt');
    } catch (reportErr) {
      // the job stays failed in BullMQ (kept 30 days); this line is then the only trace
      this.logger.error(
        { ...report, err, reportErr },
        'job failed after its last attempt; the failure could not be recorded',
      );
    }
  }
}
