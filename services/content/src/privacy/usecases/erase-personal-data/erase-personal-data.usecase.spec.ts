import { EntityChangedEvent, EVENT_SCHEMAS, UploadCreatedEvent } from '@shop/contracts';
import { jobDispatcher, OutboxEntity, privacySubject } from '@shop/server';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { Worker, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { IsNull, type DataSource } from 'typeorm';
import { contentTestContext, type ContentTestContext } from '../../../../test/content-test-context.js';
import { ANNA, ANNAS_SUBJECT, CALLBACK_FORM, formNode, submit, upload } from '../../../../test/privacy-fixtures.js';
import { FormSubmissionEntity } from '../../../forms/form-submission.entity.js';
import { createEmailQueue } from '../../../jobs/content-jobs.js';
import { JobCompletionEntity } from '../../../jobs/job-completion.entity.js';
import { PrivacyRepository } from '../../privacy.repository.js';
import { ErasePersonalData } from './erase-personal-data.usecase.js';

const BERND = {
  ...ANNA,
  firstName: 'Bernd',
  lastName: 'Beispiel',
  email: 'bernd@example.at',
  phone: '+43 676 5554443',
};

/** her address, her number with any separators between its digits, and her surname */
const needles = (email: string, digits: string, name: string) => [
  new RegExp(email.replace(/[.+]/g, '\\$&'), 'i'),
  new RegExp(digits.split('').join('[^0-9A-Za-z]{0,3}')),
  new RegExp(name, 'i'),
];
const ANNAS = needles('anna.mustermann@example.at', ANNAS_SUBJECT.phoneDigits[0], 'Mustermann');

/** Every row of every table of the content schema that matches a needle. */
async function rowsHolding(ds: DataSource, patterns: RegExp[]): Promise<string[]> {
  const tables: Array<{ name: string }> = await ds.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'content'`,
  );
  const hits: string[] = [];
  for (const { name } of tables) {
    const rows: Array<{ row: string }> = await ds.query(`SELECT t::text AS row FROM "content"."${name}" t`);
    hits.push(...rows.filter(({ row }) => patterns.some((p) => p.test(row))).map(({ row }) => `${name}: ${row}`));
  }
  return hits;
}

/** Every Redis key under the prefix whose name or value (of any type) matches a needle. */
async function redisHolding(prefix: string, patterns: RegExp[]): Promise<string[]> {
  const redis = new Redis(REDIS_URL);
  const read: Record<string, (key: string) => Promise<unknown>> = {
    string: (k) => redis.get(k),
    hash: (k) => redis.hgetall(k),
    list: (k) => redis.lrange(k, 0, -1),
    set: (k) => redis.smembers(k),
    zset: (k) => redis.zrange(k, 0, -1),
    stream: (k) => redis.xrange(k, '-', '+'),
  };
  const hits: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      for (const key of keys) {
        const value = JSON.stringify((await read[await redis.type(key)]?.(key)) ?? null);
        if (patterns.some((p) => p.test(key) || p.test(value))) hits.push(key);
      }
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return hits;
}

describe("ErasePersonalData: a customer's submissions, uploads and mail jobs erased (real Postgres, Redis, files)", () => {
  const prefixes = uniquePrefixes('privacy_erase');
  let ctx: ContentTestContext;
  let queue: Queue;
  let erase: ErasePersonalData;
  beforeAll(async () => {
    ctx = await contentTestContext('privacy_erase', { REDIS_PREFIX: prefixes.redis });
    queue = createEmailQueue(ctx.config);
    erase = new ErasePersonalData(ctx.ds, new PrivacyRepository(ctx.ds), queue, { kick: async () => {} }, ctx.config);
  }, 60_000);
  afterAll(async () => {
    await queue.close();
    await ctx.close();
    await cleanupPrefixes(prefixes);
  });

  /** the relay's part: job rows of the outbox into BullMQ under their ids, then marked published */
  async function dispatchJobs(): Promise<void> {
    const dispatch = jobDispatcher(() => queue);
    const outbox = ctx.ds.getRepository(OutboxEntity);
    for (const row of await outbox.findBy({ publishedAt: IsNull() }))
      if (await dispatch(row)) await outbox.update(row.id, { publishedAt: new Date() });
  }
  const folderOf = (publicHash: string) => join(ctx.config.FILES_DIR, 'upload', publicHash);

  it("publishes a submission's created event with its id only: none of the address, number or name", async () => {
    const form = await formNode(ctx.ds);
    const before = (await ctx.events()).length;
    const id = await submit(ctx.ds, ctx.config, form.id, ANNA);
    const events = (await ctx.events()).slice(before).filter((e) => e.subject.startsWith('content.'));
    expect(events.map((e) => e.subject)).toEqual(['content.form-submission.created']);
    // exactly the entity change: no other key fits the schema
    expect(EntityChangedEvent.strict().parse(events[0].payload)).toMatchObject({ entity: 'form-submission', id });
    expect(ANNAS.filter((p) => p.test(JSON.stringify(events[0].payload)))).toEqual([]);
    // and so does every event of the CONTENT stream: each is an entity change (entity, id, verb, time); an upload's
    // adds its publicHash, a random token in the file's address (KnownUploads), which names nothing once it is erased
    const contentEvents = Object.entries(EVENT_SCHEMAS).filter(([name]) => name.startsWith('content.'));
    expect(contentEvents.filter(([, schema]) => schema !== EntityChangedEvent)).toEqual([
      ['content.upload.created', UploadCreatedEvent],
    ]);
    expect(Object.keys(UploadCreatedEvent.shape).sort()).toEqual(
      [...Object.keys(EntityChangedEvent.shape), 'publicHash'].sort(),
    );
    await ctx.ds.getRepository(FormSubmissionEntity).delete(id);
    await ctx.ds.getRepository(OutboxEntity).delete({ subject: 'job.email' });
  });

  it('leaves nothing of her in the tables, in BullMQ or on disk, keeps the others, and a second run erases nothing', async () => {
    const form = await formNode(ctx.ds);
    const hers = [
      await submit(ctx.ds, ctx.config, form.id, ANNA),
      await submit(ctx.ds, ctx.config, form.id, { ...ANNA, email: '', phone: '', 5: 'Rückruf: 0664 1234567' }),
    ];
    const his = await submit(ctx.ds, ctx.config, form.id, BERND);
    const photo = await upload(ctx.ds, ctx.config, 'anna-foto.png');
    const other = await upload(ctx.ds, ctx.config, 'bernd.png');
    await dispatchJobs();
    // a worker finished her first mail and his
    await ctx.ds
      .getRepository(JobCompletionEntity)
      .insert([{ jobId: `email-form-${hers[0]}-0` }, { jobId: `email-form-${his}-0` }]);
    expect(await rowsHolding(ctx.ds, ANNAS)).not.toEqual([]);
    expect(await redisHolding(prefixes.redis, ANNAS)).not.toEqual([]);

    const reply = await erase.execute({ subject: ANNAS_SUBJECT, uploadIds: [photo.id] });

    expect(reply.erased).toEqual([
      { kind: 'formSubmissions', count: 2 },
      { kind: 'uploads', count: 1 },
      { kind: 'files', count: 2 }, // the picture and its preview
      { kind: 'outbox', count: 4 }, // two mails of each submission
      { kind: 'jobs', count: 4 },
    ]);
    expect(await rowsHolding(ctx.ds, ANNAS)).toEqual([]);
    expect(await redisHolding(prefixes.redis, ANNAS)).toEqual([]);
    expect(existsSync(folderOf(photo.publicHash))).toBe(false);
    for (const id of hers) expect(await queue.getJob(`email-form-${id}-0`)).toBeUndefined();
    // his submission, mails, completion and upload stay
    expect(await ctx.ds.getRepository(FormSubmissionEntity).existsBy({ id: his })).toBe(true);
    expect((await queue.getJob(`email-form-${his}-0`))?.data).toMatchObject({ subject: 'Rückruf für Bernd Beispiel' });
    expect(await ctx.ds.getRepository(JobCompletionEntity).findBy({})).toEqual([
      expect.objectContaining({ jobId: `email-form-${his}-0` }),
    ]);
    expect(existsSync(folderOf(other.publicHash))).toBe(true);
    // the deletions are events like any other: ids only
    const deleted = (await ctx.events()).filter((e) => e.subject.endsWith('.deleted'));
    expect(deleted.map((e) => [e.subject, EntityChangedEvent.strict().parse(e.payload).id])).toEqual([
      ['content.form-submission.deleted', hers[0]],
      ['content.form-submission.deleted', hers[1]],
      ['content.upload.deleted', photo.id],
    ]);

    const again = await erase.execute({ subject: ANNAS_SUBJECT, uploadIds: [photo.id] });
    expect(again.erased.map((e) => e.count)).toEqual([0, 0, 0, 0, 0]);
  });

  it('empties the data of a mail job a worker is running (it cannot be removed while it runs)', async () => {
    const form = await formNode(ctx.ds, { ...CALLBACK_FORM, actions: CALLBACK_FORM.actions?.slice(0, 1) });
    const id = await submit(ctx.ds, ctx.config, form.id, { ...ANNA, email: 'laufend@example.at' });
    await dispatchJobs();
    const jobId = `email-form-${id}-0`;
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let started = (_: unknown) => {};
    const running = new Promise((r) => (started = r));
    const worker = new Worker(
      queue.name,
      async (job) => {
        if (job.id !== jobId) return { sent: true };
        started(job.id);
        await released;
        return { sent: true };
      },
      { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix: queue.opts.prefix },
    );
    try {
      await running;
      const reply = await erase.execute({ subject: privacySubject({ email: 'laufend@example.at' }) });
      expect(reply.erased).toContainEqual({ kind: 'jobs', count: 1 });
      const job = await queue.getJob(jobId);
      expect(await job?.getState()).toBe('active');
      expect(job?.data).toMatchObject({ to: 'office@example.at', subject: '', text: '', html: '' });
      release();
      await waitFor(async () => (await queue.getJob(jobId))?.finishedOn);
      expect(await redisHolding(prefixes.redis, [/laufend@example\.at/i, /Mustermann/i])).toEqual([]);
    } finally {
      release();
      await worker.close();
    }
  });
});
