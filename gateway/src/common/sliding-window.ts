import type { Redis, Result } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';

/**
 * Reserves a place for an event (an order, a login attempt) on each of its keys (KEYS, sorted sets of the window's
 * events), atomically: every gateway's events are counted before they go on, so events sent at once cannot all read
 * the same count (issue 37, items 1 and 3). ARGV: now (ms), the window (ms), this event's member, the challenge
 * threshold, 1 when a solution was sent, then each key's limit. Answers {0} reserved, {1} reserved and a solution must be checked,
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
    reserveInWindow(numKeys: number, ...keysAndArgs: Array<string | number>): Result<Array<number | string>, Context>;
  }
}

/** One key an event counts under, with its limit. */
export interface Slot {
  key: string;
  limit: number;
}

/** What a reservation decided (the same from the Redis script and from memory). */
export type Reservation =
  /** the key slots[index] is at its limit since `oldest` (ms): nothing reserved */
  | { outcome: 'full'; index: number; oldest: number }
  /** past the threshold without a solution: nothing reserved */
  | { outcome: 'unsolved' }
  /** a place is held on every key until `release`; `challenged`: only with a valid solution */
  | { outcome: 'reserved'; challenged: boolean; release: () => Promise<void> };

/**
 * A sliding-window counter (the timestamps of the window's events in a Redis sorted set, shared by every
 * gateway) that counts in this process's memory while Redis is not connected, like the rate limits: an outage of
 * Redis never stops orders or logins. An event's keys are checked and reserved in one script call: one round trip
 * per event (issue 22: six sequential round trips were 11 % of the gateway's CPU samples), a second one only to
 * give the place back when the event does not count after all.
 */
/**
 * An event's member in a window's sorted set: unique among every gateway's (this process's random tag) and among
 * this process's (a counter). Issue 45: a random draw per order (`randomBytes`) was 2.4 % of the gateway's CPU.
 */
const PROCESS_TAG = randomBytes(6).toString('hex');
let sequence = 0;
const newMember = (now: number) => `${now}:${PROCESS_TAG}:${(sequence++).toString(36)}`;

export class SlidingWindow {
  /** per key: this process's events (member → time), oldest first */
  private readonly memory = new Map<string, Map<string, number>>();

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {
    // each window defines it again on the shared client: the same script, the same name
    redis.defineCommand('reserveInWindow', { lua: RESERVE_SCRIPT });
  }

  async reserve(slots: Slot[], challengeAfter: number, solutionSent: boolean, now = Date.now()): Promise<Reservation> {
    const member = newMember(now);
    if (this.redis.status === 'ready') {
      try {
        const keys = slots.map((slot) => this.prefix + slot.key);
        const limits = slots.map((slot) => slot.limit);
        const args = [now, this.windowMs, member, challengeAfter, solutionSent ? 1 : 0, ...limits];
        const [outcome, index, oldest] = await this.redis.reserveInWindow(keys.length, ...keys, ...args);
        if (outcome === 3) return { outcome: 'full', index: Number(index) - 1, oldest: Number(oldest) };
        if (outcome === 2) return { outcome: 'unsolved' };
        return { outcome: 'reserved', challenged: outcome === 1, release: () => this.releaseInRedis(keys, member) };
      } catch {
        // counted in memory below
      }
    }
    return this.reserveInMemory(slots, challengeAfter, solutionSent, member, now);
  }

  /** The script's steps in this process: synchronous, so no other event of this process comes between them. */
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
      this.logger.warn({ err }, 'a place in a sliding window was not given back (Redis unreachable)');
    }
  }
}
