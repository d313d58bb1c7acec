import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER } from '@shop/server';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';

/** a challenge must be solved and used within this time */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * ALTCHA proof-of-work (altcha-lib: an HMAC-signed, expiring challenge the browser solves itself, no third party),
 * for whatever the gateway wants to make expensive in bulk (logins past their failures, issue 37 item 3). A
 * solution is claimed with SET NX for the challenge's lifetime, so each works once on every gateway instance;
 * while Redis is not connected the claims are kept in this process's memory.
 */
@Injectable()
export class ProofOfWork {
  private readonly hmacKey: string;
  /** solutions already used, while Redis is not connected (expiring with their challenge) */
  private readonly usedInMemory = new Map<string, number>();

  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly redis: Redis,
  ) {
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

  /** A valid, unexpired solution (the base64 payload) that was not used before; using it claims it. */
  async verifyOnce(solution: string): Promise<boolean> {
    if (solution.length > 2000) return false;
    const valid = await verifySolution(solution, this.hmacKey, true).catch(() => false);
    if (!valid) return false;
    const id = createHash('sha256').update(solution).digest('base64url');
    if (this.redis.status === 'ready') {
      try {
        const key = `${this.config.REDIS_PREFIX}altcha:${id}`;
        return (await this.redis.set(key, '1', 'PX', CHALLENGE_TTL_MS, 'NX')) === 'OK';
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
