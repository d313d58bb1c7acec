import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type ContentAiGeneration,
  ContentAiImageInput,
  type ContentAiKind,
  ContentAiSiteInput,
  CRUD_RESOURCES,
  type RpcMap,
} from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER, parseOrThrow, requireAccess } from '@shop/server';
import type { Queue } from 'bullmq';
import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { SiteEntity } from '../sites/site.entity.js';
import { AiGenerationEntity, isPending, toGeneration, type AiGenerationInput } from './ai-generation.entity.js';
import { AI_QUEUE } from './content-ai.queue.js';
import { aiEndpoint } from './content-ai.service.js';

/**
 * POST /api/content-ai/generate/site/{id} and /generate/image (issue 37 item 6): checks the input, the site and
 * the endpoint at once (a German 4xx/503 right away), then answers 202 with a generation the `content-ai` job
 * fills in; the AI is never called while the request waits. The same request of the same user while one is
 * pending answers that one (a double click or a retry pays nothing). Each staff member may start
 * CONTENT_AI_PER_USER_PER_HOUR per hour and have CONTENT_AI_PER_USER_RUNNING pending; past that a German 429 with
 * Retry-After.
 */
@Injectable()
export class StartGeneration {
  constructor(
    private readonly ds: DataSource,
    @Inject(AI_QUEUE) private readonly queue: Queue,
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async site(actor: Actor | null, { id, body }: RpcMap['content.ai.generate-site']['req']) {
    const user = requireAccess(actor, 'staff');
    const { prompt } = parseOrThrow(ContentAiSiteInput, body ?? {});
    if (!(await this.ds.getRepository(SiteEntity).existsBy({ id })))
      throw DomainException.notFound(CRUD_RESOURCES.sites.label);
    return this.start(user.id, 'site', { siteId: id, prompt });
  }

  async image(actor: Actor | null, { body }: RpcMap['content.ai.generate-image']['req']) {
    const user = requireAccess(actor, 'staff');
    return this.start(user.id, 'image', parseOrThrow(ContentAiImageInput, body ?? {}));
  }

  private async start(userId: number, kind: ContentAiKind, input: AiGenerationInput): Promise<ContentAiGeneration> {
    aiEndpoint(this.config); // without one the German 503 now, not a generation that fails later
    const inputHash = createHash('sha256')
      .update(JSON.stringify([kind, input]))
      .digest('hex');
    const { row, created } = await this.ds.transaction(async (m) => {
      // one start per user at a time: what is pending and counted below stays so until this one commits
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('content.ai_generation'), $1)`, [userId]);
      const recent = await this.lastHour(m, userId);
      const pending = recent.filter((r) => isPending(r, this.config.CONTENT_AI_GENERATION_TIMEOUT_MS));
      const same = pending.find((r) => r.inputHash === inputHash);
      if (same) return { row: same, created: false };
      if (pending.length >= this.config.CONTENT_AI_PER_USER_RUNNING)
        // the next AI answer (each call's limit) may well end one of them
        throw tooManyRequests(this.config.CONTENT_AI_TIMEOUT_MS);
      const [oldest] = recent;
      if (oldest && recent.length >= this.config.CONTENT_AI_PER_USER_PER_HOUR)
        // a place in the window is free once the oldest in it is an hour old
        throw tooManyRequests(oldest.createdAt.getTime() + HOUR_MS - Date.now());
      const fresh = m.create(AiGenerationEntity, { id: randomUUID(), userId, kind, inputHash, input });
      return { row: await m.save(fresh), created: true };
    });
    if (created) await this.enqueue(row);
    return toGeneration(row, this.config.CONTENT_AI_GENERATION_TIMEOUT_MS);
  }

  /** The user's generations of the last hour, oldest first (a pending one is always among them). */
  private lastHour(m: EntityManager, userId: number): Promise<AiGenerationEntity[]> {
    return m
      .getRepository(AiGenerationEntity)
      .createQueryBuilder('g')
      .where('g.userId = :userId', { userId })
      .andWhere(`g.createdAt > now() - interval '1 hour'`)
      .orderBy('g.createdAt', 'ASC')
      .getMany();
  }

  /**
   * The job under the generation's id. Without the queue (Redis not connected: an add would wait for the
   * reconnect while the gateway gives up) the generation fails at once instead of lingering.
   */
  private async enqueue(row: AiGenerationEntity): Promise<void> {
    try {
      if ((await this.queue.backend.client).status !== 'ready')
        throw new Error('the job queue (Redis) is not connected');
      await this.queue.add('generate', { id: row.id }, { jobId: row.id });
    } catch (err) {
      this.logger.error({ err, generation: row.id }, 'content AI job could not be queued');
      const message = t('http.serviceUnavailable');
      await this.ds
        .getRepository(AiGenerationEntity)
        .update({ id: row.id }, { status: 'failed', message, finishedAt: new Date() });
      throw DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable');
    }
  }
}

const HOUR_MS = 3_600_000;

function tooManyRequests(ms: number): DomainException {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const message = t('http.tooManyRequests', { seconds });
  return new DomainException('TOO_MANY_REQUESTS', [{ field: null, message }], message, { retryAfter: seconds });
}
