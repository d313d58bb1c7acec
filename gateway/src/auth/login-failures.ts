import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, DomainException, LOGGER } from '@shop/server';
import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ProofOfWork } from '../http/proof-of-work.js';

/** Refusals that answer a guess: a wrong password (or code), or identity's lockout of the pair. */
const GUESS_REFUSED: ReadonlySet<string> = new Set(['INVALID_CREDENTIALS', 'TOO_MANY_REQUESTS']);

/** The username as identity compares it (trimmed, lower-case), hashed: no personal data in Redis keys. */
const usernameKey = (username: string) =>
  `login-failures:${createHash('sha256').update(username.trim().toLowerCase()).digest('base64url')}`;

/**
 * Failed logins per username (issue 37 item 3), over a sliding window of LOGIN_FAILURE_WINDOW_SECONDS in a Redis
 * sorted set (shared by every gateway; in this process's memory while Redis is not connected). Past
 * LOGIN_CHALLENGE_AFTER_FAILURES a login for that username needs a solved proof-of-work; it is never refused
 * outright, so guesses spread over many addresses cost work each and the right password still gets in. (The
 * per-address limit and identity's lockout per username and address stay as they are.)
 *
 * Each attempt counts as a failure from its start (added and counted in one MULTI), so a burst sent at once meets
 * the threshold exactly; one that turns out not to be a refused guess takes its entry back.
 */
@Injectable()
export class LoginFailures {
  private readonly memory = new Map<string, Map<string, number>>();
  private readonly windowMs: number;
  private warned = false;

  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly redis: Redis,
    private readonly proofOfWork: ProofOfWork,
  ) {
    this.windowMs = config.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  }

  /**
   * Before the credentials are checked: counts the attempt, and past the threshold claims its solution (the
   * X-Altcha header) or refuses it with CHALLENGE_REQUIRED. Answers how to settle it once identity answered:
   * `settle(error)` keeps the count for a refused guess, `settle()` (success) or any other error takes it back.
   */
  async begin(username: string, solution: string | undefined): Promise<(error?: unknown) => Promise<void>> {
    const key = usernameKey(username);
    const member = `${Date.now()}:${randomBytes(6).toString('hex')}`;
    const { count, remove } = await this.add(key, member);
    const settle = async (error?: unknown) => {
      if (!(error instanceof DomainException && GUESS_REFUSED.has(error.code))) await remove();
    };
    if (
      count > this.config.LOGIN_CHALLENGE_AFTER_FAILURES &&
      !(solution && (await this.proofOfWork.verifyOnce(solution)))
    ) {
      await settle();
      throw DomainException.of('CHALLENGE_REQUIRED', solution ? 'auth.challengeInvalid' : 'auth.challengeRequired');
    }
    return settle;
  }

  /** Adds the attempt and counts the window's attempts (this one included); answers how to remove it again. */
  private async add(key: string, member: string): Promise<{ count: number; remove: () => Promise<void> }> {
    const now = Date.now();
    if (this.redis.status === 'ready') {
      const k = this.config.REDIS_PREFIX + key;
      try {
        const replies = await this.redis
          .multi()
          .zremrangebyscore(k, 0, now - this.windowMs)
          .zadd(k, now, member)
          .zcard(k)
          .pexpire(k, this.windowMs)
          .exec();
        const failed = replies?.find(([err]) => err);
        if (!replies || failed) throw failed?.[0] ?? new Error('MULTI aborted');
        this.warned = false;
        const remove = () =>
          this.redis.zrem(k, member).then(
            () => undefined,
            () => undefined,
          );
        return { count: replies[2][1] as number, remove };
      } catch (err) {
        if (!this.warned) this.logger.warn({ err }, 'failed logins counted in memory while Redis is unreachable');
        this.warned = true;
      }
    }
    const entries = this.memory.get(key) ?? new Map<string, number>();
    for (const [m, at] of entries) if (at <= now - this.windowMs) entries.delete(m);
    entries.set(member, now);
    this.memory.set(key, entries);
    const remove = async () => {
      entries.delete(member);
      if (!entries.size && this.memory.get(key) === entries) this.memory.delete(key);
    };
    return { count: entries.size, remove };
  }
}
