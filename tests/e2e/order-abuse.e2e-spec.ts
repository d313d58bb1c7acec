import type { Job } from 'bullmq';
import { waitFor } from '@shop/testing';
import { solveChallenge } from 'altcha-lib';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { orderSubjects } from '../../gateway/src/orders/order-abuse.js';
import { CatalogueContextCache } from '../../services/order/src/catalogue-context/catalogue-context.cache.js';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
/** the production defaults: 3 orders without a challenge, 10 per phone number */
const CHALLENGE_AFTER = 3;
const PHONE_LIMIT = 10;
/** orders sent at once by the concurrency tests */
const AT_ONCE = 40;
const BOGUS_SOLUTION = Buffer.from(
  JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
).toString('base64');

/**
 * Issue 15, item 6 and issue 37, item 1 (ARCHITECTURE.md "Reliability and abuse limits"): anonymous orders past
 * a threshold need a solved ALTCHA proof-of-work challenge, each solution works once, past the limit per phone
 * number no order is taken, and orders sent at once are counted before they are sent on, not after.
 */
describe('abuse limits of anonymous orders', () => {
  let stack: Stack;
  let branch: number;
  let product: number;
  beforeAll(async () => {
    stack = await startStack('order-abuse', {
      ORDER_CHALLENGE_AFTER: String(CHALLENGE_AFTER),
      ORDER_LIMIT_PER_PHONE: String(PHONE_LIMIT),
      ORDER_LIMIT_PER_EMAIL: '100',
      ORDER_LIMIT_PER_CLIENT: '100',
      ALTCHA_MAX_NUMBER: '5000',
      // the tests name their client in X-Forwarded-For (supertest connects from 127.0.0.1)
      TRUSTED_PROXIES: '127.0.0.1',
    });
    await stack.seed();
    const admin = await login(stack, ADMIN);
    const branches = (await admin.get('/api/branches').expect(200)).body.data as Array<Record<string, unknown>>;
    const wien = branches.find((b) => b.identifier === 'wien-innere-stadt')!;
    await admin.put(`/api/branches/${wien.id}`, { ...wien, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200);
    branch = wien.id as number;
    product = await orderableProductOf(admin, branch);
    // the SMS plugin on: a taken order with a phone number queues its new-order SMS
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin.post('/api/config', { ...config, enablePluginSMS: true }).expect(200);
    const contexts = stack.order.get(CatalogueContextCache);
    await waitFor(async () => (await contexts.get(branch))?.config.enablePluginSMS, 30_000);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  interface OrderOptions {
    solution?: string;
    phone?: string;
    email?: string;
    /** the client's address, named by the trusted proxy */
    client?: string;
    idempotencyKey?: string;
    body?: Record<string, unknown>;
  }
  const order = (o: OrderOptions = {}) => {
    const req = request(stack.baseUrl).post('/api/orders');
    if (o.solution) req.set('X-Altcha', o.solution);
    if (o.client) req.set('X-Forwarded-For', o.client);
    if (o.idempotencyKey) req.set('Idempotency-Key', o.idempotencyKey);
    return req.send(
      o.body ?? {
        ...takeawayOrder(branch, product),
        phone: o.phone ?? '+43 660 7654321',
        email: o.email ?? 'missbrauch@example.at',
      },
    );
  };
  /** another phone number and e-mail address for each i: only the client is counted */
  const stranger = (series: number, i: number) => ({
    phone: `+43 660 ${series}${String(i).padStart(5, '0')}`,
    email: `kunde-${series}-${i}@example.at`,
  });

  /** What the storefront does: fetch a challenge, solve it in the browser's way, send the base64 payload. */
  async function solved(): Promise<string> {
    const challenge = (await request(stack.baseUrl).get('/api/orders/challenge').expect(200)).body.data;
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    expect(solution).not.toBeNull();
    const payload = { ...challenge, number: solution!.number };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  /** AT_ONCE orders of one client, all sent in the same tick; exactly CHALLENGE_AFTER are taken. */
  async function expectOnlyFreeOrdersTaken(client: string, series: number) {
    const pending = Array.from({ length: AT_ONCE }, (_, i) => order({ client, ...stranger(series, i) }));
    const answers = await Promise.all(pending);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(CHALLENGE_AFTER);
    expect(answers.filter((r) => r.status !== 201).map((r) => [r.status, r.body.code])).toEqual(
      Array(AT_ONCE - CHALLENGE_AFTER).fill([429, 'CHALLENGE_REQUIRED']),
    );
  }

  it('asks for a solved challenge past the threshold, takes the order with one, and refuses a replayed one', async () => {
    for (let i = 0; i < CHALLENGE_AFTER; i++) await order().expect(201);
    const refused = await order().expect(429);
    expect(refused.body).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message:
        'Von hier wurden in kurzer Zeit viele Bestellungen gesendet. Bitte bestätigen Sie die Sicherheitsprüfung und senden Sie die Bestellung erneut.',
    });
    expect((await order({ solution: BOGUS_SOLUTION }).expect(429)).body.code).toBe('CHALLENGE_REQUIRED');

    const solution = await solved();
    await order({ solution }).expect(201);
    const replayed = await order({ solution }).expect(429);
    expect(replayed.body).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message:
        'Die Sicherheitsprüfung ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte senden Sie die Bestellung erneut.',
    });
    // with a solution, bad input is answered as before (422), and it does not count: only orders taken do
    await order({ solution: await solved(), body: { branch } }).expect(422);
  });

  it('refuses further orders to one phone number past its limit, with a German error on the field', async () => {
    // the test before took CHALLENGE_AFTER + 1 orders to this number
    for (let taken = CHALLENGE_AFTER + 1; taken < PHONE_LIMIT; taken++)
      await order({ solution: await solved() }).expect(201);
    const refused = await order({ solution: await solved() }).expect(429);
    expect(refused.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
    expect(refused.body.errors).toEqual([
      {
        field: 'phone',
        message: expect.stringMatching(
          /^Mit dieser Telefonnummer wurden zu viele Bestellungen aufgegeben\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
        ),
      },
    ]);
    // another number from the same client is still taken (with a solution: the client is past the threshold)
    await order({ solution: await solved(), phone: '+43 660 1111111' }).expect(201);
  });

  it(`takes exactly ${CHALLENGE_AFTER} of ${AT_ONCE} orders one client sends at once without a challenge`, async () => {
    await expectOnlyFreeOrdersTaken('198.51.100.37', 37);
  });

  it(`takes at most ${PHONE_LIMIT} of ${AT_ONCE} orders to one phone number sent at once, and queues as many SMS`, async () => {
    const phone = '+43 660 3810000';
    // solved beforehand, one per order (each from a client of its own): only the phone number limits them
    const solutions: string[] = [];
    for (let i = 0; i < AT_ONCE; i++) solutions.push(await solved());
    const pending = solutions.map((solution, i) =>
      order({ solution, phone, client: `203.0.113.${i + 1}`, email: `sms-${i}@example.at` }),
    );
    const answers = await Promise.all(pending);
    const created = answers.filter((r) => r.status === 201).map((r) => r.body.data.id as number);
    expect(created).toHaveLength(PHONE_LIMIT);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(429);
      expect(refused.body.errors).toEqual([{ field: 'phone', message: expect.stringContaining('Telefonnummer') }]);
    }

    // the SMS queued to this number: every SMS job the order service wrote, once its relay handed them to BullMQ
    const ds = stack.order.get(DataSource);
    await waitFor(async () => {
      const [{ pending: unpublished }] = await ds.query(
        `SELECT count(*)::int AS pending FROM "order"."outbox" WHERE subject = 'job.sms' AND "publishedAt" IS NULL`,
      );
      return unpublished === 0;
    }, 30_000);
    const queue = stack.order.get<OrderQueues>(ORDER_QUEUES).sms;
    const jobs = (await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])) as Job[];
    const toPhone = jobs.filter((j) => j.data.snapshot.order.customer.phone.replace(/\D/g, '') === '436603810000');
    expect(toPhone.map((j) => j.data.orderId).sort()).toEqual([...created].sort());
  });

  it('gives the place back when the order is not taken: a refused form, a reused key, a failed challenge', async () => {
    const client = '198.51.100.38';
    await order({ client, ...stranger(38, 0), idempotencyKey: 'abuse-key-0001' }).expect(201);
    // the order service refuses a form, and another order under a key already used (422 each): no order, no place
    await order({ client, body: { branch, ...stranger(38, 1) } }).expect(422);
    await order({ client, ...stranger(38, 2), idempotencyKey: 'abuse-key-0001' }).expect(422);
    for (let i = 3; i < CHALLENGE_AFTER + 2; i++) await order({ client, ...stranger(38, i) }).expect(201);

    // past the threshold: a bogus solution, and a solved order the order service refuses, count neither
    await order({ client, ...stranger(38, 10), solution: BOGUS_SOLUTION }).expect(429);
    await order({ client, solution: await solved(), body: { branch, ...stranger(38, 11) } }).expect(422);
    const key = `${stack.prefixes.redis}orders:${orderSubjects(client, {}).client}`;
    expect(await stack.gateway.get(Redis).zcard(key)).toBe(CHALLENGE_AFTER);
  });

  it('counts an order once however often its request is resent with its Idempotency-Key', async () => {
    const client = '198.51.100.40';
    const first = await order({ client, ...stranger(40, 0), idempotencyKey: 'abuse-replay-0001' }).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // the customer's phone lost the answer and sent it again, and again: the same order each time
    for (let i = 0; i < 3; i++) {
      const again = await order({ client, ...stranger(40, 0), idempotencyKey: 'abuse-replay-0001' }).expect(201);
      expect([again.body.data.id, again.headers['idempotent-replayed']]).toEqual([first.body.data.id, 'true']);
    }
    const key = `${stack.prefixes.redis}orders:${orderSubjects(client, {}).client}`;
    expect(await stack.gateway.get(Redis).zcard(key)).toBe(1);
    // so the next CHALLENGE_AFTER - 1 orders of this client are still free
    for (let i = 1; i < CHALLENGE_AFTER; i++) await order({ client, ...stranger(40, i) }).expect(201);
    expect((await order({ client, ...stranger(40, 9) }).expect(429)).body.code).toBe('CHALLENGE_REQUIRED');
  });

  it("counts in the gateway's memory, as atomically, while its Redis client is disconnected", async () => {
    const redis = stack.gateway.get(Redis);
    redis.disconnect();
    try {
      await waitFor(() => redis.status === 'end', 30_000);
      await expectOnlyFreeOrdersTaken('198.51.100.39', 39);
    } finally {
      await redis.connect();
    }
  });

  it('counts the IPv6 addresses of one /64 as one client', async () => {
    for (let i = 0; i < CHALLENGE_AFTER; i++)
      await order({ client: `2001:db8:37:64::${i + 1}`, ...stranger(64, i) }).expect(201);
    const sameNetwork = await order({ client: '2001:db8:37:64:ffff:ffff:ffff:fffe', ...stranger(64, 10) });
    expect([sameNetwork.status, sameNetwork.body.code]).toEqual([429, 'CHALLENGE_REQUIRED']);
    await order({ client: '2001:db8:37:65::1', ...stranger(64, 11) }).expect(201);
  });
});
