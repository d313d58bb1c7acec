import type { ServiceBus } from '@shop/server';
import { createLogger } from '@shop/server';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Writable } from 'node:stream';
import type { WorkersConfig } from '../config/workers-config.js';
import { QueueWorkers } from './queue-worker.js';

/** Every value under the run's Redis prefix (strings, hashes, lists, sorted sets) as one text. */
async function everythingIn(redis: Redis, prefix: string): Promise<string> {
  const out: string[] = [];
  for (const key of await redis.keys(`${prefix}*`)) {
    const type = await redis.type(key);
    if (type === 'string') out.push(key, String(await redis.get(key)));
    else if (type === 'hash') out.push(key, JSON.stringify(await redis.hgetall(key)));
    else if (type === 'list') out.push(key, ...(await redis.lrange(key, 0, -1)));
    else if (type === 'zset') out.push(key, ...(await redis.zrange(key, 0, -1)));
    else if (type === 'set') out.push(key, ...(await redis.smembers(key)));
    else out.push(key);
  }
  return out.join('\n');
}

/**
 * Issue 44 on the real Redis with BullMQ: a job whose provider answer names the recipient fails without the address
 * or number reaching the failure report (order.job.failed, the system log), BullMQ's copy in Redis or a log line.
 */
describe('QueueWorkers: failures without personal data', () => {
  const prefixes = uniquePrefixes('queueworker');
  const redis = new Redis(REDIS_URL);
  const config = {
    REDIS_URL,
    REDIS_PREFIX: prefixes.redis,
    BULLMQ_PREFIX: 'bull',
    WORKER_LOCK_DURATION_MS: 30_000,
  } as WorkersConfig;
  const lines: string[] = [];
  const logger = createLogger(
    'workers',
    'info',
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const reports: Array<{ subject: string; payload: Record<string, unknown> }> = [];
  const bus = {
    requestAsService: async (subject: string, payload: Record<string, unknown>) => {
      reports.push({ subject, payload });
      return { recorded: true };
    },
  } as unknown as ServiceBus;
  const queue = new Queue('sms', { connection: { url: REDIS_URL }, prefix: `${prefixes.redis}bull` });
  afterAll(async () => {
    await queue.close();
    await cleanupPrefixes(prefixes);
    redis.disconnect();
  });

  it("redacts a provider's answer naming the recipient in the report, in BullMQ's job and in the log", async () => {
    const worker = new QueueWorkers(bus, config, logger).start('sms', 1, {
      'sms-new-order': async () => {
        throw new Error('provider refused +43 664 1234567 (anna.berger@example.at): unknown subscriber');
      },
    });
    try {
      await queue.add('sms-new-order', { orderId: 5, branch: 2 } as never, { jobId: 'sms-5-created', attempts: 1 });
      const [report] = await waitFor(() => (reports.length ? reports : null), 15_000);
      expect(report).toEqual({
        subject: 'order.job.record-failure',
        payload: {
          jobId: 'sms-5-created',
          queue: 'sms',
          orderId: 5,
          branch: 2,
          reason: 'provider refused [Telefon] ([E-Mail]): unknown subscriber',
          attempts: 1,
        },
      });
      const job = await queue.getJob('sms-5-created');
      expect(job?.failedReason).toBe('provider refused [Telefon] ([E-Mail]): unknown subscriber');
      await waitFor(() => lines.some((l) => l.includes('job failed after its last attempt')));
      const stored = await everythingIn(redis, prefixes.redis);
      expect(stored).toContain('unknown subscriber');
      for (const text of [stored, lines.join('\n')]) expect(text).not.toMatch(/anna\.berger|664 1234567/);
    } finally {
      await worker.close();
    }
  });
});
