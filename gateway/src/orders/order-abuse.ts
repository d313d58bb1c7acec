import { Inject, Injectable } from '@nestjs/common';
import { type MessageKey } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER } from '@shop/server';
import { Redis, type Result } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { clientKey } from '../http/client-address.js';
import { ProofOfWork } from '../http/proof-of-work.js';

const hashed = (s: string) => createHash('sha256').update(s).digest('base64url');
/** one way of writing a phone number: digits with a leading +, 00 read as + */
const normalPhone = (phone: string) => phone.replace(/[^\d+]/g, '').replace(/^00/, '+');

/**
 * What an order names, in the form the limits count it: the Redis key of each (hashed: no personal data in Redis
 * keys), null when the order does not name it. Hashed once per order.
 */
export interface OrderSubjects {
  client: string;
  phone: string | null;
  email: string | null;
}

/** `clientIp`: the request's client address (`req.ip`), counted as `clientKey` reads it */
export function orderSubjects(clientIp: string, body: unknown): OrderSubjects {
  const b = (body && typeof body === 'object' ? body : {}) as { phone?: unknown; email?: unknown };
  const phone = typeof b.phone === 'string' ? normalPhone(b.phone) : '';
  const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
  return {
    client: `client:${hashed(clientKey(clientIp))}`,
    phone: phone.length >= 5 ? `phone:${hashed(phone)}` : null,
    email: email.includes('@') ? `email:${hashed(email)}` : null,
  };
}

/**
 * Reserves a place for an order on each of its keys (KEYS, sorted sets of the window's events), atomically: every
 * gateway's orders are counted before they are sent on, so orders sent at once cannot all read the same count
 * (issue 37, item 1). ARGV: now (ms), the window (ms), this order's member, the challenge threshold, 1 when a
 * solution was sent, then each key's limit. Answers {0} reserved, {1} reserved and a solution must be checked,
 * {2} a solution is needed and none was sent, {3, i, oldest} key i is at its limit; nothing is reserved for 2 or 3.
 */
const RESERVE_SCRIPT = `
local now, window, member = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local challengeAfter, solutionSent = tonumber(ARGV[4]), ARGV[5] == '1'
local challenged = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= tonumber(ARGV[5 + i]) then
    return {3, i, redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]}
  end
  if count >= challengeAfter then challenged = 1 end
end
if challenged == 1 and not solutionSent then return {2} end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[1], member)
  redis.call('PEXPIRE', key, window)
end
return {challenged}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    reserveOrder(numKeys: number, ...keysAndArgs: Array<string | number>): Result<Array<number | string>, Context>;
  }
}

/** One key an order counts under, with its limit. */
interface Slot {
  key: string;
  limit: number;
}

/** What a reservation decided (the same from the Redis script and from memory). */
type Reservation =
  /** the key slots[index] is at its limit since `oldest` (ms): nothing reserved */
  | { outcome: 'full'; index: number; oldest: number }
  /** past the threshold without a solution: nothing reserved */
  | { outcome: 'unsolved' }
  /** a place is held on every key until `release`; `challenged`: only with a valid solution */
  | { outcome: 'reserved'; challenged: boolean; release: () => Promise<void> };

/**
 * A sliding-window counter (the timestamps of the window's events in a Redis sorted set, shared by every
 * gateway) that counts in this process's memory while Redis is not connected, like the rate limits: an outage of
 * Redis never stops orders. An order's keys are checked and reserved in one script call: one round trip per
 * order (issue 22: six sequential round trips were 11 % of the gateway's CPU samples), a second one only to
 * give the place back when the order is not taken.
 */
class SlidingWindow {
  /** per key: this process's events (member → time), oldest first */
  private readonly memory = new Map<string, Map<string, number>>();

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {
    redis.defineCommand('reserveOrder', { lua: RESERVE_SCRIPT });
  }

  async reserve(slots: Slot[], challengeAfter: number, solutionSent: boolean, now = Date.now()): Promise<Reservation> {
    const member = `${now}:${randomBytes(6).toString('hex')}`;
    if (this.redis.status === 'ready') {
      try {
        const keys = slots.map((slot) => this.prefix + slot.key);
        const limits = slots.map((slot) => slot.limit);
        const args = [now, this.windowMs, member, challengeAfter, solutionSent ? 1 : 0, ...limits];
        const [outcome, index, oldest] = await this.redis.reserveOrder(keys.length, ...keys, ...args);
        if (outcome === 3) return { outcome: 'full', index: Number(index) - 1, oldest: Number(oldest) };
        if (outcome === 2) return { outcome: 'unsolved' };
        return { outcome: 'reserved', challenged: outcome === 1, release: () => this.releaseInRedis(keys, member) };
      } catch {
        // counted in memory below
      }
    }
    return this.reserveInMemory(slots, challengeAfter, solutionSent, member, now);
  }

  /** The script's steps in this process: synchronous, so no other order of this process comes between them. */
  private reserveInMemory(
    slots: Slot[],
    challengeAfter: number,
    solutionSent: boolean,
    member: string,
    now: number,
  ): Reservation {
    const from = now - this.windowMs;
    const events = slots.map(({ key }) => {
      const kept = this.memory.get(key) ?? new Map<string, number>();
      for (const [m, at] of kept) if (at <= from) kept.delete(m);
      this.memory.set(key, kept);
      return kept;
    });
    let challenged = false;
    for (const [index, kept] of events.entries()) {
      if (kept.size >= slots[index].limit) {
        return { outcome: 'full', index, oldest: kept.values().next().value ?? now };
      }
      if (kept.size >= challengeAfter) challenged = true;
    }
    if (challenged && !solutionSent) return { outcome: 'unsolved' };
    for (const kept of events) kept.set(member, now);
    return {
      outcome: 'reserved',
      challenged,
      release: async () => {
        for (const kept of events) kept.delete(member);
      },
    };
  }

  /** Removes exactly this order's member; if Redis fails meanwhile, the place stays taken until the window passes. */
  private async releaseInRedis(keys: string[], member: string): Promise<void> {
    try {
      if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
      const multi = this.redis.multi();
      for (const key of keys) multi.zrem(key, member);
      const replies = (await multi.exec()) ?? [];
      const failed = replies.find(([err]) => err);
      if (failed) throw failed[0];
    } catch (err) {
      this.logger.warn({ err }, 'an order limit place was not given back (Redis unreachable)');
    }
  }
}

/**
 * Limits of anonymous orders (issue 15, item 6: SMS toll fraud and mail bombing through the order
 * confirmations). Orders taken are counted per client (its address, an IPv6 client by its /64), phone number and
 * e-mail address over ORDER_LIMIT_WINDOW_SECONDS, each reserved before it is sent on and given back when it is
 * not taken. Past ORDER_CHALLENGE_AFTER on any of them, an order needs a solved ALTCHA
 * proof-of-work challenge (altcha-lib: HMAC-signed, expiring, solved by the browser itself, no third party) in
 * the X-Altcha header, and each solution works once. Past ORDER_LIMIT_PER_* the order is refused.
 */
@Injectable()
export class OrderAbuseLimits {
  private readonly window: SlidingWindow;

  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    redis: Redis,
    private readonly proofOfWork: ProofOfWork,
  ) {
    this.window = new SlidingWindow(
      redis,
      logger,
      `${config.REDIS_PREFIX}orders:`,
      config.ORDER_LIMIT_WINDOW_SECONDS * 1000,
    );
  }

  /**
   * Before the order is sent on: holds its place on each of its keys (one atomic step, see SlidingWindow), or
   * refuses it past a limit, or without a fresh solution past the threshold. Answers the release: the caller
   * gives the place back when the order is not taken after all.
   */
  async admit(subjects: OrderSubjects, solution: string | undefined): Promise<() => Promise<void>> {
    const c = this.config;
    const checks: Array<{ key: string | null; limit: number; field: string | null; text: MessageKey }> = [
      { key: subjects.client, limit: c.ORDER_LIMIT_PER_CLIENT, field: null, text: 'http.tooManyOrdersClient' },
      { key: subjects.phone, limit: c.ORDER_LIMIT_PER_PHONE, field: 'phone', text: 'http.tooManyOrdersPhone' },
      { key: subjects.email, limit: c.ORDER_LIMIT_PER_EMAIL, field: 'email', text: 'http.tooManyOrdersEmail' },
    ];
    const named = checks.filter((check): check is (typeof checks)[number] & { key: string } => check.key !== null);
    const reservation = await this.window.reserve(named, c.ORDER_CHALLENGE_AFTER, Boolean(solution));
    if (reservation.outcome === 'full') {
      const { text, field } = named[reservation.index];
      const seconds = Math.max(
        1,
        Math.ceil((reservation.oldest + c.ORDER_LIMIT_WINDOW_SECONDS * 1000 - Date.now()) / 1000),
      );
      const ex = DomainException.of('TOO_MANY_REQUESTS', text, { minutes: Math.ceil(seconds / 60) }, field);
      throw Object.assign(ex, { extra: { retryAfter: seconds } });
    }
    if (reservation.outcome === 'unsolved') throw DomainException.of('CHALLENGE_REQUIRED', 'http.challengeRequired');
    if (reservation.challenged && !(await this.proofOfWork.verifyOnce(solution ?? ''))) {
      await reservation.release();
      throw DomainException.of('CHALLENGE_REQUIRED', 'http.challengeInvalid');
    }
    return reservation.release;
  }
}
