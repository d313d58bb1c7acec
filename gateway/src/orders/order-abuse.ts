import { Inject, Injectable } from '@nestjs/common';
import { type MessageKey } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER } from '@shop/server';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';

const hashed = (s: string) => createHash('sha256').update(s).digest('base64url');
/** one way of writing a phone number: digits with a leading +, 00 read as + */
const normalPhone = (phone: string) => phone.replace(/[^\d+]/g, '').replace(/^00/, '+');

/**
 * What an order names, in the form the limits count it: the Redis key of each (hashed: no personal data in Redis
 * keys), null when the order does not name it. Hashed once per order, used by `admit` and `taken`.
 */
export interface OrderSubjects {
  client: string;
  phone: string | null;
  email: string | null;
}

export function orderSubjects(clientIp: string, body: unknown): OrderSubjects {
  const b = (body && typeof body === 'object' ? body : {}) as { phone?: unknown; email?: unknown };
  const phone = typeof b.phone === 'string' ? normalPhone(b.phone) : '';
  const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
  return {
    client: `client:${hashed(clientIp)}`,
    phone: phone.length >= 5 ? `phone:${hashed(phone)}` : null,
    email: email.includes('@') ? `email:${hashed(email)}` : null,
  };
}

/** the keys an order counts under, client first */
const orderKeys = (subjects: OrderSubjects): string[] =>
  [subjects.client, subjects.phone, subjects.email].filter((key): key is string => key !== null);

/**
 * A sliding-window counter (the timestamps of the window's events in a Redis sorted set, shared by every
 * gateway) that counts in this process's memory while Redis is not connected, like the rate limits: an outage of
 * Redis never stops orders. Several keys are counted (and added to) in one MULTI: one round trip per order for
 * the counts and one for the adds, not one per key (issue 22: six sequential round trips were 11 % of the
 * gateway's CPU samples).
 */
class SlidingWindow {
  private readonly memory = new Map<string, number[]>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  /** for each key: its events within the window, and when the oldest of them leaves it */
  async countAll(keys: string[], now = Date.now()): Promise<Array<{ count: number; oldest: number | null }>> {
    const from = now - this.windowMs;
    if (keys.length && this.redis.status === 'ready') {
      try {
        const multi = this.redis.multi();
        for (const key of keys) {
          const k = this.prefix + key;
          multi.zremrangebyscore(k, 0, from).zcard(k).zrange(k, 0, 0, 'WITHSCORES');
        }
        const replies = (await multi.exec()) as Array<[Error | null, unknown]>;
        return keys.map((_, i) => {
          const [[removeErr], [countErr, count], [oldestErr, oldest]] = replies.slice(i * 3, i * 3 + 3);
          const err = removeErr ?? countErr ?? oldestErr;
          if (err) throw err;
          const first = oldest as string[];
          return { count: count as number, oldest: first.length ? Number(first[1]) : null };
        });
      } catch {
        // counted in memory below
      }
    }
    return keys.map((key) => {
      const kept = (this.memory.get(key) ?? []).filter((t) => t > from);
      this.memory.set(key, kept);
      return { count: kept.length, oldest: kept[0] ?? null };
    });
  }

  async addAll(keys: string[], now = Date.now()): Promise<void> {
    if (!keys.length) return;
    if (this.redis.status === 'ready') {
      try {
        const multi = this.redis.multi();
        for (const key of keys) {
          const k = this.prefix + key;
          multi.zadd(k, now, `${now}:${randomBytes(6).toString('hex')}`).pexpire(k, this.windowMs);
        }
        const replies = (await multi.exec()) as Array<[Error | null, unknown]>;
        const failed = replies.find(([err]) => err);
        if (failed) throw failed[0];
        return;
      } catch {
        // counted in memory below
      }
    }
    for (const key of keys)
      this.memory.set(key, [...(this.memory.get(key) ?? []).filter((t) => t > now - this.windowMs), now]);
  }
}

/**
 * Limits of anonymous orders (issue 15, item 6: SMS toll fraud and mail bombing through the order
 * confirmations). Orders taken are counted per client address, phone number and e-mail address over
 * ORDER_LIMIT_WINDOW_SECONDS. Past ORDER_CHALLENGE_AFTER on any of them, an order needs a solved ALTCHA
 * proof-of-work challenge (altcha-lib: HMAC-signed, expiring, solved by the browser itself, no third party) in
 * the X-Altcha header, and each solution works once. Past ORDER_LIMIT_PER_* the order is refused.
 */
@Injectable()
export class OrderAbuseLimits {
  private readonly window: SlidingWindow;
  private readonly hmacKey: string;
  /** solutions already used, while Redis is not connected (expiring with their challenge) */
  private readonly usedInMemory = new Map<string, number>();

  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly redis: Redis,
  ) {
    this.window = new SlidingWindow(redis, `${config.REDIS_PREFIX}orders:`, config.ORDER_LIMIT_WINDOW_SECONDS * 1000);
    this.hmacKey = config.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('base64url');
  }

  /** A new challenge, valid CHALLENGE_TTL_MS. */
  challenge(): Promise<Challenge> {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.config.ALTCHA_MAX_NUMBER,
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  /** Before the order is sent on: refuses it past a limit, or without a fresh solution past the threshold. */
  async admit(subjects: OrderSubjects, solution: string | undefined): Promise<void> {
    const c = this.config;
    const checks: Array<{ key: string | null; limit: number; field: string | null; text: MessageKey }> = [
      { key: subjects.client, limit: c.ORDER_LIMIT_PER_CLIENT, field: null, text: 'http.tooManyOrdersClient' },
      { key: subjects.phone, limit: c.ORDER_LIMIT_PER_PHONE, field: 'phone', text: 'http.tooManyOrdersPhone' },
      { key: subjects.email, limit: c.ORDER_LIMIT_PER_EMAIL, field: 'email', text: 'http.tooManyOrdersEmail' },
    ];
    const named = checks.filter((check): check is (typeof checks)[number] & { key: string } => check.key !== null);
    const counts = await this.window.countAll(named.map((check) => check.key));
    let challenged = false;
    for (const [i, check] of named.entries()) {
      const { count, oldest } = counts[i];
      if (count >= check.limit) {
        const seconds = Math.max(
          1,
          Math.ceil(((oldest ?? Date.now()) + c.ORDER_LIMIT_WINDOW_SECONDS * 1000 - Date.now()) / 1000),
        );
        const ex = DomainException.of(
          'TOO_MANY_REQUESTS',
          check.text,
          { minutes: Math.ceil(seconds / 60) },
          check.field,
        );
        throw Object.assign(ex, { extra: { retryAfter: seconds } });
      }
      if (count >= c.ORDER_CHALLENGE_AFTER) challenged = true;
    }
    if (!challenged) return;
    if (!solution) throw DomainException.of('CHALLENGE_REQUIRED', 'http.challengeRequired');
    if (!(await this.verifyOnce(solution))) throw DomainException.of('CHALLENGE_REQUIRED', 'http.challengeInvalid');
  }

  /** After an order was taken (not for a replay of the same request): it counts. */
  async taken(subjects: OrderSubjects): Promise<void> {
    await this.window.addAll(orderKeys(subjects));
  }

  /** A valid, unexpired solution that was not used before (claimed with SET NX for the challenge's lifetime). */
  private async verifyOnce(solution: string): Promise<boolean> {
    if (solution.length > 2000) return false;
    const valid = await verifySolution(solution, this.hmacKey, true).catch(() => false);
    if (!valid) return false;
    const id = hashed(solution);
    if (this.redis.status === 'ready') {
      try {
        const claimed = await this.redis.set(
          `${this.config.REDIS_PREFIX}altcha:${id}`,
          '1',
          'PX',
          CHALLENGE_TTL_MS,
          'NX',
        );
        return claimed === 'OK';
      } catch (err) {
        this.logger.warn({ err }, 'ALTCHA solution checked in memory while Redis is unreachable');
      }
    }
    const now = Date.now();
    for (const [k, until] of this.usedInMemory) if (until < now) this.usedInMemory.delete(k);
    if (this.usedInMemory.has(id)) return false;
    this.usedInMemory.set(id, now + CHALLENGE_TTL_MS);
    return true;
  }
}

/** a challenge must be solved and used within this time */
const CHALLENGE_TTL_MS = 10 * 60_000;
