import { t } from '@shop/i18n-de';
import { DomainException } from '@shop/server';
import type { Redis } from 'ioredis';
import pino from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ChallengedCounter, type CounterWindow } from './challenged-counter.js';
import type { ProofOfWork } from './proof-of-work.js';

/** A counter on one key: past one event a solution is needed ('good' verifies), `limit` events at most. */
class OneKeyCounter extends ChallengedCounter {
  protected windowOf(): CounterWindow {
    return { prefix: 'test:', seconds: 60 };
  }

  count(solution?: string, limit = 10) {
    return this.hold([{ key: 'k', limit }], 1, solution, {
      required: 'http.challengeRequired',
      invalid: 'http.challengeInvalid',
    });
  }
}

// Redis not connected: SlidingWindow counts in this process's memory
const redis = { status: 'end', defineCommand: () => undefined } as unknown as Redis;
const proofOfWork = { verifyOnce: (solution: string) => Promise.resolve(solution === 'good') } as ProofOfWork;
const counter = () =>
  new OneKeyCounter({ REDIS_PREFIX: 'shop:' } as GatewayConfig, pino({ level: 'silent' }), redis, proofOfWork);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof DomainException ? `${err.code}: ${err.message}` : err),
  );

describe('ChallengedCounter', () => {
  it('holds a place without a solution below the threshold, and gives it back on release', async () => {
    const c = counter();
    const first = await c.count();
    expect(first).toMatchObject({ outcome: 'reserved', challenged: false });
    if (first.outcome === 'reserved') await first.release();
    expect(await c.count()).toMatchObject({ outcome: 'reserved', challenged: false });
  });

  it('past the threshold refuses an event without a solution, and holds nothing for it', async () => {
    const c = counter();
    await c.count();
    expect(await refusal(c.count())).toBe(`CHALLENGE_REQUIRED: ${t('http.challengeRequired')}`);
    expect(await c.count('good', 2)).toMatchObject({ outcome: 'reserved', challenged: true });
  });

  it('gives the place of a solution that does not verify back before refusing it', async () => {
    const c = counter();
    await c.count();
    expect(await refusal(c.count('bad', 2))).toBe(`CHALLENGE_REQUIRED: ${t('http.challengeInvalid')}`);
    // the refused event took no place: the limit of 2 still has room for one
    expect(await c.count('good', 2)).toMatchObject({ outcome: 'reserved', challenged: true });
  });

  it('answers the key at its limit, holding nothing', async () => {
    const c = counter();
    await c.count(undefined, 1);
    expect(await c.count('good', 1)).toMatchObject({ outcome: 'full', index: 0 });
  });
});
