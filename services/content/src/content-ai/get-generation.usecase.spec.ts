import type { Actor } from '@shop/contracts';
import { randomUUID } from 'node:crypto';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { AiGenerationEntity } from './ai-generation.entity.js';
import { GetGeneration } from './get-generation.usecase.js';

const staff = (id: number): Actor => ({ id, username: `u${id}`, roles: ['ROLE_EMPLOYEE'], branches: [1] });
const TIMEOUT_MS = 10 * 60_000;
/** The rules checked before the database is asked are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('GetGeneration: what the back office polls (real Postgres)', () => {
  let ctx: ContentTestContext;
  let get: GetGeneration;
  beforeAll(async () => {
    ctx = await contentTestContext('content_ai_get', { CONTENT_AI_GENERATION_TIMEOUT_MS: String(TIMEOUT_MS) });
    get = new GetGeneration(ctx.ds, ctx.config);
  }, 60_000);
  afterAll(() => ctx.close());

  const add = (userId: number, o: Partial<AiGenerationEntity> = {}) =>
    ctx.ds.getRepository(AiGenerationEntity).save({
      id: randomUUID(),
      userId,
      kind: 'site',
      inputHash: randomUUID(),
      input: { siteId: 1, prompt: 'Startseite' },
      status: 'done',
      content: { body: '<p>Hallo</p>' },
      image: null,
      message: null,
      finishedAt: new Date(),
      ...o,
    } as AiGenerationEntity);

  it("answers the owner's generation; another user's, an unknown and a malformed id are the same 404", async () => {
    const mine = await add(7);
    expect(await get.execute(staff(7), { id: mine.id })).toEqual({
      id: mine.id,
      kind: 'site',
      status: 'done',
      content: { body: '<p>Hallo</p>' },
      image: null,
      message: null,
      createdAt: mine.createdAt.toISOString(),
    });
    for (const id of [mine.id, randomUUID()])
      expect(await failure(get.execute(staff(8), { id }))).toEqual({
        code: 'NOT_FOUND',
        errors: [{ field: null, message: 'Der angeforderte Datensatz wurde nicht gefunden.' }],
      });
    expect((await failure(get.execute(staff(7), { id: "1' OR '1'='1" }))).code).toBe('NOT_FOUND');
  });

  it('staff only', async () => {
    const mine = await add(9);
    await expect(attempt(() => get.execute(null, { id: mine.id }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const customer: Actor = { id: 9, username: 'kunde', roles: [], branches: [] };
    await expect(attempt(() => get.execute(customer, { id: mine.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('one still pending after its time reads failed, with the German message; a young one reads as it is', async () => {
    const lost = await add(10, { status: 'running', content: null, finishedAt: null });
    await ctx.ds.query(
      `UPDATE "content"."ai_generation" SET "createdAt" = now() - interval '11 minutes' WHERE id = $1`,
      [lost.id],
    );
    expect(await get.execute(staff(10), { id: lost.id })).toMatchObject({
      status: 'failed',
      message: 'Die KI hat gerade keinen gültigen Inhalt geliefert. Bitte versuchen Sie es erneut.',
    });
    const young = await add(10, { status: 'queued', content: null, finishedAt: null });
    expect(await get.execute(staff(10), { id: young.id })).toMatchObject({ status: 'queued', message: null });
  });
});
