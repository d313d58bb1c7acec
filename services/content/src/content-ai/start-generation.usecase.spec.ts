import type { Actor } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { createLogger, type DomainException } from '@shop/server';
import { uniquePrefixes } from '@shop/testing';
import type { Queue } from 'bullmq';
import { contentTestContext, type ContentTestContext } from '../../test/content-test-context.js';
import { AiGenerationEntity } from './ai-generation.entity.js';
import { createAiQueue } from './content-ai.queue.js';
import { GetGeneration } from './get-generation.usecase.js';
import { StartGeneration } from './start-generation.usecase.js';

const staff = (id: number): Actor => ({ id, username: `u${id}`, roles: ['ROLE_EMPLOYEE'], branches: [1] });
const MINUTE = 60_000;

/** issue 37 item 6: a generation is a job; each staff member's are limited per hour and at once. */
describe('StartGeneration', () => {
  let ctx: ContentTestContext;
  let queue: Queue;
  let start: StartGeneration;
  let get: GetGeneration;

  beforeAll(async () => {
    ctx = await contentTestContext('content-ai-start', {
      CONTENT_AI_URL: 'http://127.0.0.1:9/v1',
      REDIS_PREFIX: uniquePrefixes('content-ai-start').redis,
      CONTENT_AI_PER_USER_PER_HOUR: '3',
      CONTENT_AI_PER_USER_RUNNING: '2',
      CONTENT_AI_GENERATION_TIMEOUT_MS: String(10 * MINUTE),
    });
    queue = createAiQueue(ctx.config);
    start = new StartGeneration(ctx.ds, queue, ctx.config, createLogger('test', 'silent'));
    get = new GetGeneration(ctx.ds, ctx.config);
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
    await ctx?.close();
  });

  /** A generation of the user that started `minutesAgo` and is in `status` now. */
  async function earlier(userId: number, minutesAgo: number, status: AiGenerationEntity['status'], prompt = 'alt') {
    const { id } = await start.image(staff(userId), { body: { prompt: `${prompt} ${minutesAgo}` } });
    await ctx.ds.query(
      `UPDATE "content"."ai_generation" SET status = $2, "createdAt" = now() - make_interval(mins => $3) WHERE id = $1`,
      [id, status, minutesAgo],
    );
    return id;
  }
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: DomainException) => ({ code: err.code, message: err.message, retryAfter: err.extra.retryAfter }),
    );

  it('queues a job under the generation id and answers the generation as queued', async () => {
    const generation = await start.image(staff(1), { body: { prompt: 'Ein Haus am See' } });
    expect(generation).toMatchObject({ kind: 'image', status: 'queued', content: null, image: null, message: null });
    expect((await queue.getJob(generation.id))?.data).toEqual({ id: generation.id });
    expect(await get.execute(staff(1), { id: generation.id })).toEqual(generation);
  });

  it('counts the last hour per user: past the limit a German 429 whose Retry-After is when the oldest leaves it', async () => {
    await earlier(2, 61, 'done'); // outside the window
    await earlier(2, 50, 'done');
    await earlier(2, 40, 'failed');
    await earlier(3, 5, 'done'); // another user's
    await expect(start.image(staff(2), { body: { prompt: 'dritte' } })).resolves.toMatchObject({ status: 'queued' });
    const refused = await refusal(start.image(staff(2), { body: { prompt: 'vierte' } }));
    // the one of 50 minutes ago leaves the window in 10 minutes
    expect(refused?.retryAfter).toBeGreaterThan(9 * 60);
    expect(refused?.retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(refused).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: t('http.tooManyRequests', { seconds: refused!.retryAfter! }),
      retryAfter: refused!.retryAfter,
    });
  });

  it('limits the pending ones per user; the same request joins its pending one, also at the limit', async () => {
    const first = await start.image(staff(4), { body: { prompt: 'eins' } });
    await start.image(staff(4), { body: { prompt: 'zwei' } });
    expect(await refusal(start.image(staff(4), { body: { prompt: 'drei' } }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      retryAfter: ctx.config.CONTENT_AI_TIMEOUT_MS / 1000,
    });
    expect((await start.image(staff(4), { body: { prompt: ' eins ' } })).id).toBe(first.id);
    // another user's same request is theirs
    expect((await start.image(staff(5), { body: { prompt: 'eins' } })).id).not.toBe(first.id);
  });

  it('a generation pending past its time reads failed, counts as running no more, and a repeat starts anew', async () => {
    const lost = await earlier(6, 11, 'running', 'verloren');
    await earlier(6, 12, 'queued', 'auch verloren');
    expect(await get.execute(staff(6), { id: lost })).toMatchObject({
      status: 'failed',
      message: t('content.aiFailed'),
    });
    const again = await start.image(staff(6), { body: { prompt: 'verloren 11' } });
    expect(again.id).not.toBe(lost);
    expect(again.status).toBe('queued');
  });

  it("answers 404 for another user's generation and for an id that is none", async () => {
    const mine = await start.image(staff(7), { body: { prompt: 'meins' } });
    for (const [actor, id] of [
      [staff(8), mine.id],
      [staff(7), 'kein-uuid'],
    ] as const)
      expect(await refusal(get.execute(actor, { id }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
