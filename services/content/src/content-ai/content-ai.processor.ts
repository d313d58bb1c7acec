import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CONTENT_AI_QUEUE, type ContentAiJob } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import {
  baggageRequestId,
  CONFIG,
  DomainException,
  LOGGER,
  PeriodicTasks,
  pruneOlderThan,
  runWithRequestId,
} from '@shop/server';
import { Worker, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { AiGenerationEntity, type ImageGenerationInput, type SiteGenerationInput } from './ai-generation.entity.js';
import { ContentAiService } from './content-ai.service.js';
import { AI_QUEUE, aiQueueOptions } from './content-ai.queue.js';

/** Finished generations are read right after they finish; a week covers a back office left open over a weekend. */
const KEEP_DAYS = 7;

/**
 * Runs the `content-ai` jobs in the content service (the grounding reads its schema, a picture becomes its image):
 * claims the generation while it is still within CONTENT_AI_GENERATION_TIMEOUT_MS, calls the AI with that deadline
 * as the calls' cancel signal, and stores the draft or image, or the German reason it failed, once. A failure is
 * stored, not thrown: BullMQ must not try again, each try is paid.
 */
@Injectable()
export class ContentAiProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<ContentAiJob> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly ai: ContentAiService,
    private readonly tasks: PeriodicTasks,
    @Inject(AI_QUEUE) private readonly queue: Queue<ContentAiJob>,
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<ContentAiJob>(
      CONTENT_AI_QUEUE,
      // its log lines carry the id of the request that started the generation (bullmq-otel's trace baggage)
      (job: Job<ContentAiJob>) => runWithRequestId(baggageRequestId() ?? `job:${job.id}`, () => this.run(job.data.id)),
      { ...aiQueueOptions(this.config), concurrency: this.config.CONTENT_AI_CONCURRENCY },
    );
    this.worker.on('error', (err) => this.logger.warn({ err }, 'content AI worker error'));
    this.tasks.every('content-ai-retention', this.config.RETENTION_SWEEP_INTERVAL_MS, async () => {
      await pruneOlderThan(this.ds, {
        table: '"content"."ai_generation"',
        key: 'id',
        column: '"createdAt"',
        cutoff: new Date(Date.now() - KEEP_DAYS * 24 * 3_600_000),
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }

  private async run(id: string): Promise<void> {
    const timeoutMs = this.config.CONTENT_AI_GENERATION_TIMEOUT_MS;
    // a job taken over from a process that died finds its generation 'running' and runs it again
    const claimed = await this.ds
      .createQueryBuilder()
      .update(AiGenerationEntity)
      .set({ status: 'running' })
      .where('id = :id', { id })
      .andWhere(`status IN ('queued', 'running')`)
      .andWhere(`"createdAt" > now() - make_interval(secs => :secs)`, { secs: timeoutMs / 1000 })
      .returning('*')
      .execute();
    const row = (claimed.raw as AiGenerationEntity[])[0];
    // past its time its owner has been told it failed: nothing is asked for any more
    if (!row) return;
    const signal = AbortSignal.timeout(Math.max(1, row.createdAt.getTime() + timeoutMs - Date.now()));
    try {
      const result =
        row.kind === 'site'
          ? { content: await this.ai.draftSite(row.input as SiteGenerationInput, signal) }
          : { image: await this.ai.generateImage(row.input as ImageGenerationInput, signal) };
      await this.finish(id, { status: 'done', ...result });
    } catch (err) {
      if (!(err instanceof DomainException)) this.logger.error({ err, generation: id }, 'content AI job failed');
      const message = err instanceof DomainException ? err.message : t('content.aiFailed');
      await this.finish(id, { status: 'failed', message });
    }
  }

  private finish(
    id: string,
    end: Partial<Pick<AiGenerationEntity, 'content' | 'image' | 'message'>> & { status: 'done' | 'failed' },
  ): Promise<unknown> {
    return this.ds.query(
      `UPDATE "content"."ai_generation"
          SET status = $2, content = $3, image = $4, message = $5, "finishedAt" = now() WHERE id = $1`,
      [id, end.status, end.content ?? null, end.image ?? null, end.message ?? null],
    );
  }
}
