import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { JobCompletions, JobItem } from '@shop/contracts';
import { addJob, CONFIG, createJobQueue, createRpcController, LOGGER, Periodic, rpc } from '@shop/server';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';

export const CONTENT_EMAIL_QUEUE = Symbol('CONTENT_EMAIL_QUEUE');

/** The e-mail queue (the same BullMQ queue and prefix as the order service's: the workers serve both). */
export function createEmailQueue(config: ContentConfig): Queue {
  return createJobQueue(
    'email',
    { url: config.REDIS_URL, maxRetriesPerRequest: null },
    `${config.REDIS_PREFIX}${config.BULLMQ_PREFIX}`,
  );
}

/**
 * The content service's side of its jobs, as the order service does for its own: the workers report each finished
 * job (`content.job.completed`), and a job handed to BullMQ a while ago without a completion is added again under
 * its id (a no-op while BullMQ has it; a new run after Redis lost it).
 */
@Injectable()
export class ContentJobs implements OnApplicationShutdown {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONTENT_EMAIL_QUEUE) private readonly queue: Queue,
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  /** Workers finished form mails: recorded once each (one statement per report); answers how many were new. */
  async complete({ completions }: JobCompletions): Promise<{ recorded: number }> {
    const rows: unknown[] = await this.ds.query(
      'INSERT INTO "content"."job_completion" ("jobId") SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING 1',
      [completions.map((c) => String(c.jobId))],
    );
    return { recorded: rows.length };
  }

  /** Unfinished job rows of the last 24 hours that BullMQ no longer holds, added again. */
  @Periodic('content-job-redispatch', (c: ContentConfig) => c.JOB_REDISPATCH_INTERVAL_MS)
  async redispatch(): Promise<number> {
    const rows: Array<{ payload: JobItem }> = await this.ds.query(
      `SELECT o.payload FROM "content"."outbox" o
        WHERE o.subject LIKE 'job.%' AND o."publishedAt" IS NOT NULL
          AND o."createdAt" < now() - make_interval(secs => $1::float / 1000)
          AND o."createdAt" > now() - interval '24 hours'
          AND NOT EXISTS (SELECT 1 FROM "content"."job_completion" c WHERE c."jobId" = o.payload->>'jobId')
        ORDER BY o.id LIMIT 1000`,
      [this.config.JOB_REDISPATCH_AFTER_MS],
    );
    let restored = 0;
    for (const { payload: job } of rows) {
      if (await this.queue.getJob(job.jobId)) continue;
      await addJob(this.queue, job);
      restored++;
    }
    if (restored) this.logger.warn({ restored }, 'content jobs missing from Redis were dispatched again');
    return restored;
  }
}

/** The workers' report of a finished content job, signed with the services' identity. */
export class ContentJobController extends createRpcController([
  rpc('content.job.completed', ContentJobs, (jobs, m) => jobs.complete(m.payload), { requireService: ['workers'] }),
]) {}
