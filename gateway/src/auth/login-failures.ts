import { Injectable } from '@nestjs/common';
import { DomainException } from '@shop/server';
import { createHash } from 'node:crypto';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ChallengedCounter, type CounterWindow } from '../common/challenged-counter.js';

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
 * Each attempt counts as a failure from its start (checked and reserved in one step, SlidingWindow), so a burst sent
 * at once meets the threshold exactly; one that turns out not to be a refused guess takes its entry back.
 */
@Injectable()
export class LoginFailures extends ChallengedCounter {
  protected windowOf(config: GatewayConfig): CounterWindow {
    return { prefix: '', seconds: config.LOGIN_FAILURE_WINDOW_SECONDS };
  }

  /**
   * Before the credentials are checked: counts the attempt, and past the threshold claims its solution (the
   * X-Altcha header) or refuses it with CHALLENGE_REQUIRED. Answers how to settle it once identity answered:
   * `settle(error)` keeps the count for a refused guess, `settle()` (success) or any other error takes it back.
   */
  async begin(username: string, solution: string | undefined): Promise<(error?: unknown) => Promise<void>> {
    // never full: a username's failures only ever ask for work, they never refuse the login
    const slot = { key: usernameKey(username), limit: Number.MAX_SAFE_INTEGER };
    const reservation = await this.hold([slot], this.config.LOGIN_CHALLENGE_AFTER_FAILURES, solution, {
      required: 'auth.challengeRequired',
      invalid: 'auth.challengeInvalid',
    });
    if (reservation.outcome !== 'reserved') throw DomainException.of('CHALLENGE_REQUIRED', 'auth.challengeRequired');
    return async (error?: unknown) => {
      if (!(error instanceof DomainException && GUESS_REFUSED.has(error.code))) await reservation.release();
    };
  }
}
