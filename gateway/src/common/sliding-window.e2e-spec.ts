import { cleanupPrefixes, REDIS_URL, uniquePrefixes } from '@shop/testing';
import { Redis } from 'ioredis';
import pino from 'pino';
import { SlidingWindow } from './sliding-window.js';

/** issue 45: an event's member is a process tag and a counter, no random draw per event */
describe('SlidingWindow on real Redis', () => {
  const prefixes = uniquePrefixes('sliding');
  const redis = new Redis(REDIS_URL);
  const logger = pino({ level: 'silent' });
  // ready before the first reservation (a client still connecting counts in memory)
  beforeAll(() => redis.ping());
  afterAll(async () => {
    redis.disconnect();
    await cleanupPrefixes(prefixes);
  });

  it('counts two events of the same millisecond twice, and a release gives back only its own place', async () => {
    const window = new SlidingWindow(redis, logger, prefixes.redis, 60_000);
    const slots = [{ key: 'client:a', limit: 2 }];
    const now = Date.now();
    const first = await window.reserve(slots, 10, false, now);
    const second = await window.reserve(slots, 10, false, now);
    expect([first.outcome, second.outcome]).toEqual(['reserved', 'reserved']);
    expect(await redis.zcard(`${prefixes.redis}client:a`)).toBe(2);
    expect(await window.reserve(slots, 10, false, now)).toEqual({ outcome: 'full', index: 0, oldest: now });

    if (first.outcome === 'reserved') await first.release();
    expect(await redis.zcard(`${prefixes.redis}client:a`)).toBe(1);
    expect((await window.reserve(slots, 10, false, now)).outcome).toBe('reserved');
  });

  it('does the same in memory while Redis is not connected', async () => {
    const away = { status: 'end', defineCommand: () => undefined } as unknown as Redis;
    const window = new SlidingWindow(away, logger, prefixes.redis, 60_000);
    const slots = [{ key: 'client:b', limit: 2 }];
    const now = Date.now();
    const first = await window.reserve(slots, 10, false, now);
    expect((await window.reserve(slots, 10, false, now)).outcome).toBe('reserved');
    expect((await window.reserve(slots, 10, false, now)).outcome).toBe('full');
    if (first.outcome === 'reserved') await first.release();
    expect((await window.reserve(slots, 10, false, now)).outcome).toBe('reserved');
  });
});
