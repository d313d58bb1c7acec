import { CONTENT_AI_QUEUE, type ContentAiJob } from '@shop/contracts';
import { Queue } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import type { ContentConfig } from '../config/content-config.js';

export const AI_QUEUE = Symbol('AI_QUEUE');

/** The connection and key prefix of the content AI's queue: the same Redis and prefix as every job queue. */
export const aiQueueOptions = (config: ContentConfig) => ({
  connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
  prefix: `${config.REDIS_PREFIX}${config.BULLMQ_PREFIX}`,
  telemetry: new BullMQOtel({ tracerName: 'bullmq' }),
});

/**
 * The `content-ai` queue. One attempt per job: every attempt is paid, and a failure is the owner's to retry
 * (a job whose process died is still taken over once, BullMQ's stalled-job check). The generation's row holds
 * its state and result, so BullMQ keeps a finished job only briefly.
 */
export function createAiQueue(config: ContentConfig): Queue<ContentAiJob> {
  return new Queue<ContentAiJob>(CONTENT_AI_QUEUE, {
    ...aiQueueOptions(config),
    defaultJobOptions: { attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } },
  });
}
