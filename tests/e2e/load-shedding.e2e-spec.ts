import { t } from '@shop/i18n-de';
import { waitFor } from '@shop/testing';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { DataSource, type QueryRunner } from 'typeorm';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  STACK_CLOSE_MS,
  STACK_START_MS,
  takeawayOrder,
  type Stack,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
/** every service's pool, and how long a request waits for one of its connections */
const POOL = 2;
const CONNECT_MS = 1000;
/** the gateway's wait for a service: a request that hung on the pool would answer 503 only after this */
const BUS_TIMEOUT_MS = 120_000;
const BURST = 300;

interface Answer {
  key: string;
  status: number;
  retryAfter: string | null;
  body: { code?: string; message?: string; data?: { id: number } };
  ms: number;
}

/**
 * Issue 37 item 10: a service out of database connections sheds load. With deliberately tiny pools and a short
 * connect timeout, a burst far beyond capacity gets 201 or a fast 503 with Retry-After (never 500), every 201's
 * order is stored exactly once, and the Idempotency-Key lets each client retry its 503 to success.
 */
describe('load shedding when the database pools are exhausted', () => {
  let stack: Stack;
  let order: object;
  let db: pg.Client;
  const run = randomBytes(4).toString('hex');

  beforeAll(async () => {
    stack = await startStack('shedding', {
      DATABASE_POOL_SIZE: String(POOL),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      NATS_REQUEST_TIMEOUT_MS: String(BUS_TIMEOUT_MS),
    });
    await stack.seed();
    const admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200);
    order = takeawayOrder(b.id, await orderableProductOf(admin, b.id));
    // the order service follows the changed hours through their event
    await waitFor(async () => (await request(stack.baseUrl).post('/api/orders').send(order)).status === 201, 30_000);
    db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
  }, STACK_START_MS);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  }, STACK_CLOSE_MS);

  /** Takes every connection of the order service's pool (its relay may hold one for a moment: retried). */
  async function holdOrderPool(): Promise<QueryRunner[]> {
    const ds = stack.order.get(DataSource);
    const held: QueryRunner[] = [];
    while (held.length < POOL) {
      const runner = ds.createQueryRunner();
      if (
        await runner.connect().then(
          () => true,
          () => false,
        )
      )
        held.push(runner);
    }
    return held;
  }

  const place = async (key: string): Promise<Answer> => {
    const started = Date.now();
    const res = await fetch(`${stack.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(order),
    });
    return {
      key,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Answer['body'],
      ms: Date.now() - started,
    };
  };
  const orderCount = async () => Number((await db.query('SELECT count(*) FROM "order"."order"')).rows[0].count);

  it('answers 503 with Retry-After and the German text while the service gets no connection, not 500', async () => {
    const before = await orderCount();
    const held = await holdOrderPool();
    let answer: Answer;
    try {
      answer = await place(`held-${run}`);
    } finally {
      for (const runner of held) await runner.release();
    }
    expect(answer).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      body: { code: 'SERVICE_UNAVAILABLE', message: t('http.serviceUnavailable') },
    });
    // the pool's connect timeout answered, not the gateway giving up on the service
    expect(answer.ms).toBeLessThan(BUS_TIMEOUT_MS / 2);
    expect(await orderCount()).toBe(before);
    // the client's retry with its key is taken once the connections are back
    expect((await place(`held-${run}`)).status).toBe(201);
  });

  it(`sheds a burst of ${BURST} orders at once: 201 or a fast 503, no 500, none lost, each retried to success`, async () => {
    const before = await orderCount();
    const keys = Array.from({ length: BURST }, (_, i) => `burst-${run}-${i}`);
    // Its first half meets a pool whose connections are all taken, so some of it is shed on any machine; the
    // connections come back with the first 503, and the second half arrives after that, behind whatever of the
    // first half still waits, so some of the burst is taken on any machine too (no timing assumed: on a fast
    // machine the whole first half is queued, and shed, before the pool is back).
    const held = await holdOrderPool();
    let firstShed!: () => void;
    const shedOnce = new Promise<void>((resolve) => (firstShed = resolve));
    const first = keys.slice(0, BURST / 2).map((key) =>
      place(key).then((a) => {
        if (a.status === 503) firstShed();
        return a;
      }),
    );
    await shedOnce;
    for (const runner of held) await runner.release();
    const second = keys.slice(BURST / 2).map(place);
    const answers = await Promise.all([...first, ...second]);

    const created = answers.filter((a) => a.status === 201);
    const shed = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(created.length).toBeGreaterThan(0);
    expect(shed.length).toBeGreaterThan(0);
    for (const a of shed) {
      expect(a).toMatchObject({
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
        body: { code: 'SERVICE_UNAVAILABLE', message: t('http.serviceUnavailable') },
      });
      expect(a.ms).toBeLessThan(BUS_TIMEOUT_MS / 2);
    }
    // every 201 is stored, once; a 503 stored nothing
    const taken = created.map((a) => a.body.data!.id);
    const stored = await db.query<{ id: number }>('SELECT id FROM "order"."order" WHERE id = ANY($1)', [taken]);
    expect(stored.rows.map((r) => r.id).sort()).toEqual([...taken].sort());
    expect(await orderCount()).toBe(before + taken.length);

    // each client retries its 503 with the same key after Retry-After until it is taken
    let pending = shed;
    const ids = new Map(created.map((a) => [a.key, a.body.data!.id]));
    for (let round = 0; pending.length && round < 30; round++) {
      await new Promise((r) => setTimeout(r, Number(pending[0]!.retryAfter) * 1000));
      const again: Answer[] = [];
      // a few clients at a time: the retries spread out as real clients' do
      for (let i = 0; i < pending.length; i += 10)
        again.push(...(await Promise.all(pending.slice(i, i + 10).map((a) => place(a.key)))));
      expect(again.every((a) => [201, 503].includes(a.status))).toBe(true);
      for (const a of again) if (a.status === 201) ids.set(a.key, a.body.data!.id);
      pending = again.filter((a) => a.status === 503);
    }
    expect(pending).toEqual([]);
    expect(new Set(ids.values()).size).toBe(BURST);
    expect(await orderCount()).toBe(before + BURST);
  }, 600_000);
});
