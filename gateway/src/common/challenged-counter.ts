import { Inject, Injectable } from '@nestjs/common';
import { type MessageKey } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER } from '@shop/server';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ProofOfWork } from './proof-of-work.js';
import { SlidingWindow, type Reservation, type Slot } from './sliding-window.js';

/** The window a counter counts over: its keys' prefix (after REDIS_PREFIX) and its length. */
export interface CounterWindow {
  prefix: string;
  seconds: number;
}

/** The German texts of a counter's CHALLENGE_REQUIRED: no solution sent, or one that does not verify. */
export interface ChallengeTexts {
  required: MessageKey;
  invalid: MessageKey;
}

/**
 * What the login failures and the order limits share: events counted per key over a sliding window (SlidingWindow:
 * in Redis, shared by every gateway), where past a threshold an event needs a solved ALTCHA proof-of-work
 * (ProofOfWork: each solution works once). A subclass names its window and decides what a full key means.
 */
@Injectable()
export abstract class ChallengedCounter {
  private readonly window: SlidingWindow;

  constructor(
    @Inject(CONFIG) protected readonly config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    redis: Redis,
    private readonly proofOfWork: ProofOfWork,
  ) {
    const { prefix, seconds } = this.windowOf(config);
    this.window = new SlidingWindow(redis, logger, `${config.REDIS_PREFIX}${prefix}`, seconds * 1000);
  }

  /** This counter's window, read from the settings (called once, by the constructor). */
  protected abstract windowOf(config: GatewayConfig): CounterWindow;

  /**
   * Holds the event's place on each slot (checked and reserved in one step, see SlidingWindow) and, past
   * `challengeAfter` on any of them, claims its solution. Answers the reservation (its `release` gives the place
   * back), or the slot at its limit (nothing held); throws CHALLENGE_REQUIRED without a solution where one is needed,
   * and with one that does not verify (its place given back first).
   */
  protected async hold(
    slots: Slot[],
    challengeAfter: number,
    solution: string | undefined,
    texts: ChallengeTexts,
  ): Promise<Exclude<Reservation, { outcome: 'unsolved' }>> {
    const reservation = await this.window.reserve(slots, challengeAfter, Boolean(solution));
    if (reservation.outcome === 'unsolved') throw DomainException.of('CHALLENGE_REQUIRED', texts.required);
    if (reservation.outcome === 'reserved' && reservation.challenged) {
      if (!(await this.proofOfWork.verifyOnce(solution ?? ''))) {
        await reservation.release();
        throw DomainException.of('CHALLENGE_REQUIRED', texts.invalid);
      }
    }
    return reservation;
  }
}
