import { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_URL, waitFor } from '@shop/testing';
import { solveChallenge } from 'altcha-lib';
import { rawGet } from '../support/raw-http.js';
import { ADMIN, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

const CHALLENGE_REQUIRED =
  'Für diesen Benutzernamen gab es zuletzt viele fehlgeschlagene Anmeldeversuche. Bitte bestätigen Sie die Sicherheitsprüfung und melden Sie sich erneut an.';
const CHALLENGE_INVALID =
  'Die Sicherheitsprüfung ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte melden Sie sich erneut an.';

/** Rate limits kept in Redis: 429 with Retry-After and a German message; the cached reads stay unlimited. */
describe('rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('ratelimit', {
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      RATE_LIMIT_WRITES_PER_MINUTE: '5',
      RATE_LIMIT_READS_PER_MINUTE: '30',
    });
    await stack.seed();
  }, STACK_START_MS); // the whole stack and the seed: more than the default 30 s under CI load (a replica test beside it)
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it('limits login attempts per client, whatever X-Forwarded-For it invents, and says when to retry', async () => {
    // no proxy is trusted by default: the socket's address is the client, a new username each time changes nothing
    const attempt = (i: number) =>
      request(stack.baseUrl)
        .post('/backend/login')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ username: `guess-${i}`, password: 'y' });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
    const limited = await attempt(3);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.body.message).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // the counter lives in Redis under this stack's prefix
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${stack.prefixes.redis}rl:*`);
    redis.disconnect();
    expect(keys.length).toBeGreaterThan(0);
  });

  it('limits writes but never the cached reads', async () => {
    for (let i = 0; i < 20; i++) await request(stack.baseUrl).get('/api/init').expect(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await request(stack.baseUrl).post('/api/tags').send({ name: 'x' })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('limits the other API reads per address, generously, but not pages nor the reads served from memory', async () => {
    // a client of its own (127.0.0.3): the other tests' reads from 127.0.0.1 do not count for it
    const get = (path: string) => rawGet(`${stack.baseUrl}${path}`, {}, '127.0.0.3');
    for (let i = 0; i < 40; i++) expect((await get('/')).status).toBe(200);
    // a scraper walking the API: the 31st read within the minute is refused (issue 37 item 9)
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await get(`/api/branches?page=${i}`)).status);
    expect(statuses.filter((status) => status === 429)).toEqual([429, 429]);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await get('/api/branches');
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body.toString()).message).toMatch(
      /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // the visitors' /api/init, prepared in memory (by another client's request), still reaches this one
    await waitFor(async () => {
      await request(stack.baseUrl).get('/api/init').expect(200);
      return (await get('/api/init')).status === 200;
    }, 30_000);
  });
});

/**
 * Behind a configured proxy: its X-Forwarded-For names the client. Failed logins also count per username, and
 * past LOGIN_CHALLENGE_AFTER_FAILURES a login for that username needs a solved proof-of-work (issue 37 item 3):
 * guesses spread over many addresses cost work each, and nobody can lock the right password out (no 429).
 */
describe('rate limits behind a trusted proxy', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('ratelimitproxy', {
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      TRUSTED_PROXIES: '127.0.0.1',
      LOGIN_CHALLENGE_AFTER_FAILURES: '3',
    });
    await stack.seed();
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const attempt = (forwardedFor: string, username: string, password = 'falsch') =>
    request(stack.baseUrl).post('/backend/login').set('X-Forwarded-For', forwardedFor).send({ username, password });

  /** What the back office's login page does: fetch the login's challenge, solve it, send the base64 payload. */
  async function solved(): Promise<string> {
    const challenge = (await request(stack.baseUrl).get('/backend/login/challenge').expect(200)).body.data;
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
  }

  it('asks guesses at one username from many addresses for a proof-of-work; the right password still logs in', async () => {
    // 25 wrong passwords for one account from 25 addresses, all sent at once
    const burst = Array.from({ length: 25 }, (_, i) => attempt(`198.51.100.${i}`, 'Admin'));
    const answers = await Promise.all(burst);
    const codes = answers.map((r) => `${r.status} ${r.body.code}`);
    expect(codes.filter((c) => c === '401 INVALID_CREDENTIALS')).toHaveLength(3);
    expect(codes.filter((c) => c === '429 CHALLENGE_REQUIRED')).toHaveLength(22);
    const asked = answers.find((r) => r.body.code === 'CHALLENGE_REQUIRED')!;
    expect(asked.body.message).toBe(CHALLENGE_REQUIRED);
    expect(asked.headers['retry-after']).toBeUndefined();
    // the same name written differently is the same account
    expect((await attempt('198.51.100.99', ' admin ')).body.code).toBe('CHALLENGE_REQUIRED');

    // the right password from anywhere is not refused: it is asked for the proof-of-work and logs in with it
    const right = (address: string) => attempt(address, ADMIN.username, ADMIN.password);
    expect((await right('192.0.2.201')).body).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message: CHALLENGE_REQUIRED,
    });
    const solution = await solved();
    const ok = await right('192.0.2.202').set('X-Altcha', solution).expect(200);
    expect(ok.body.data.user.username).toBe('admin');
    // a solution works once; a made-up one not at all
    for (const used of [solution, 'eyJudW1iZXIiOjF9'])
      expect((await right('192.0.2.203').set('X-Altcha', used).expect(429)).body).toMatchObject({
        code: 'CHALLENGE_REQUIRED',
        message: CHALLENGE_INVALID,
      });
    // a wrong password with a solved challenge is checked like any other (and counts)
    const guess = await attempt('192.0.2.204', 'admin').set('X-Altcha', await solved());
    expect(guess.status).toBe(401);
  });

  it('counts an IPv6 client by its /64: a fresh address per request is still the same client', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await attempt(`2001:db8:37:9::${i}`, `v6-user-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // the next /64 is another client
    expect((await attempt('2001:db8:37:a::1', 'v6-user-x')).status).toBe(401);
  });

  it('takes the address the trusted proxy saw, not the ones the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(`10.9.9.${i}, 192.0.2.7`, `user-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // another client behind the same proxy is not limited
    expect((await attempt('192.0.2.8', 'user-x')).status).toBe(401);
  });
});
