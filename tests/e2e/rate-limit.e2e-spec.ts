import { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_URL } from '@shop/testing';
import { startStack, type Stack } from '../support/stack.js';

/** Rate limits kept in Redis: 429 with Retry-After and a German message; reads stay unlimited. */
describe('rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('ratelimit', { RATE_LIMIT_LOGIN_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '5' });
    await stack.seed();
  });
  afterAll(() => stack.close());

  it('limits login attempts per client and says when to retry', async () => {
    const attempt = () => request(stack.baseUrl).post('/backend/login').send({ username: 'x', password: 'y' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
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
