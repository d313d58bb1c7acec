import { solveChallenge } from 'altcha-lib';
import request from 'supertest';
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

/**
 * Issue 15, item 6 (ARCHITECTURE.md "Reliability and abuse limits"): anonymous orders past a threshold need a
 * solved ALTCHA proof-of-work challenge, each solution works once, and past the limit per phone number no
 * order is taken.
 */
describe('abuse limits of anonymous orders', () => {
  let stack: Stack;
  let branch: number;
  let product: number;
  beforeAll(async () => {
    stack = await startStack('order-abuse', {
      ORDER_CHALLENGE_AFTER: '2',
      ORDER_LIMIT_PER_PHONE: '5',
      ORDER_LIMIT_PER_EMAIL: '100',
      ORDER_LIMIT_PER_CLIENT: '100',
      ALTCHA_MAX_NUMBER: '5000',
    });
    await stack.seed();
    const admin = await login(stack, ADMIN);
    const branches = (await admin.get('/api/branches').expect(200)).body.data as Array<Record<string, unknown>>;
    const wien = branches.find((b) => b.identifier === 'wien-innere-stadt')!;
    await admin.put(`/api/branches/${wien.id}`, { ...wien, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200);
    branch = wien.id as number;
    product = await orderableProductOf(admin, branch);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const order = (solution?: string, phone = '+43 660 7654321') => {
    const req = request(stack.baseUrl).post('/api/orders');
    if (solution) req.set('X-Altcha', solution);
    return req.send({ ...takeawayOrder(branch, product), phone, email: 'missbrauch@example.at' });
  };

  /** What the storefront does: fetch a challenge, solve it in the browser's way, send the base64 payload. */
  async function solved(): Promise<string> {
    const challenge = (await request(stack.baseUrl).get('/api/orders/challenge').expect(200)).body.data;
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    expect(solution).not.toBeNull();
    const payload = { ...challenge, number: solution!.number };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  it('asks for a solved challenge past the threshold, takes the order with one, and refuses a replayed one', async () => {
    await order().expect(201);
    await order().expect(201);
    const refused = await order().expect(429);
    expect(refused.body).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message:
        'Von hier wurden in kurzer Zeit viele Bestellungen gesendet. Bitte bestätigen Sie die Sicherheitsprüfung und senden Sie die Bestellung erneut.',
    });
    const bogus = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    );
    expect((await order(bogus.toString('base64')).expect(429)).body.code).toBe('CHALLENGE_REQUIRED');

    const solution = await solved();
    await order(solution).expect(201);
    const replayed = await order(solution).expect(429);
    expect(replayed.body).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message:
        'Die Sicherheitsprüfung ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte senden Sie die Bestellung erneut.',
    });
    // with a solution, bad input is answered as before (422), and it does not count: only orders taken do
    await request(stack.baseUrl)
      .post('/api/orders')
      .set('X-Altcha', await solved())
      .send({ branch })
      .expect(422);
  });

  it('refuses further orders to one phone number past its limit, with a German error on the field', async () => {
    await order(await solved()).expect(201);
    await order(await solved()).expect(201);
    const refused = await order(await solved()).expect(429);
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
    await order(await solved(), '+43 660 1111111').expect(201);
  });
});
