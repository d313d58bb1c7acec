import { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_URL } from '@shop/testing';
import { startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/** Rate limits kept in Redis: 429 with Retry-After and a German message; reads stay unlimited. */
describe('rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('ratelimit', { RATE_LIMIT_LOGIN_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '5' });
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
});

/** Behind a configured proxy: its X-Forwarded-For names the client; login attempts also count per username. */
describe('rate limits behind a trusted proxy', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('ratelimitproxy', { RATE_LIMIT_LOGIN_PER_MINUTE: '3', TRUSTED_PROXIES: '127.0.0.1' });
    await stack.seed();
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const attempt = (forwardedFor: string, username: string) =>
    request(stack.baseUrl)
      .post('/backend/login')
      .set('X-Forwarded-For', forwardedFor)
      .send({ username, password: 'falsch' });

  it('limits guesses at one username spread over many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`198.51.100.${i}`, 'Admin')).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // the same name written differently is the same account
    expect((await attempt('198.51.100.99', ' admin ')).status).toBe(429);
  });

  it('takes the address the trusted proxy saw, not the ones the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(`10.9.9.${i}, 192.0.2.7`, `user-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // another client behind the same proxy is not limited
    expect((await attempt('192.0.2.8', 'user-x')).status).toBe(401);
  });
});
