import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@shop/server';
import { Redis } from 'ioredis';
import type { WorkersConfig } from '../config/workers-config.js';

/**
 * BullMQ delivers a job at least once. Each message of a job is marked in Redis after it went out, so a retry
 * (or a second delivery) sends only what is still missing.
 */
@Injectable()
export class SentMarkers {
  constructor(
    private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: WorkersConfig,
  ) {}

  /** Runs send unless this job already sent to this recipient; true when it sent now. */
  async once(jobId: string, recipient: string, send: () => Promise<void>): Promise<boolean> {
    const key = `${this.config.REDIS_PREFIX}sent:${jobId}:${recipient}`;
    if (await this.redis.exists(key)) return false;
    await send();
    await this.redis.set(key, '1', 'EX', 30 * 24 * 3600);
    return true;
  }
}
