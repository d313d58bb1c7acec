import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@shop/server';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { WorkersConfig } from '../config/workers-config.js';

/** how long a claim holds while its message goes out; a worker that died meanwhile is replaced after this */
export const SEND_CLAIM_SECONDS = 300;
const SENT_SECONDS = 30 * 24 * 3600;

/**
 * Whom a message of a job goes to, by role: the marker's Redis key names the job and this role, never the address or
 * number (issue 44: no customer's e-mail or phone in a Redis key, where an erasure would not look). A job sends at
 * most one message per role, so the role keeps it once-only as the address did.
 */
export type SentRecipient = 'customer' | 'branch' | 'recipient';

/** Another worker is sending this message right now (a stalled job taken over): the job is tried again later. */
export class SendInProgressError extends Error {}

/**
 * BullMQ delivers a job at least once, and a stalled job may run in two workers at the same time. Each message of
 * a job is claimed in Redis (SET NX) before it goes out and marked sent after, so a retry or a second delivery
 * sends only what is still missing, and never the same message twice at once. A failed send releases its claim.
 */
@Injectable()
export class SentMarkers {
  constructor(
    private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: WorkersConfig,
  ) {}

  /**
   * Runs send unless this job already sent to this recipient (its role); true when it sent now. Throws
   * SendInProgressError while another worker holds the claim (BullMQ retries the job, and by then the message is
   * marked sent or free).
   */
  async once(jobId: string, recipient: SentRecipient, send: () => Promise<void>): Promise<boolean> {
    const key = `${this.config.REDIS_PREFIX}sent:${jobId}:${recipient}`;
    const claim = `sending:${randomUUID()}`;
    if ((await this.redis.set(key, claim, 'EX', SEND_CLAIM_SECONDS, 'NX')) !== 'OK') {
      if ((await this.redis.get(key)) === 'sent') return false;
      throw new SendInProgressError(`message ${jobId} to ${recipient} is being sent by another worker`);
    }
    try {
      await send();
    } catch (err) {
      // only our own claim: a claim that expired meanwhile may belong to another worker now
      if ((await this.redis.get(key)) === claim) await this.redis.del(key);
      throw err;
    }
    await this.redis.set(key, 'sent', 'EX', SENT_SECONDS);
    return true;
  }
}
