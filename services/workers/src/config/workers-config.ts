import { BaseConfigSchema, commaList, loadConfig } from '@shop/server';
import { z } from 'zod';

export const WorkersConfigSchema = BaseConfigSchema.extend({
  WORKERS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3105),
  /** BullMQ key prefix (after REDIS_PREFIX), the same as the order service's */
  BULLMQ_PREFIX: z.string().default('bull'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Bestellungen <bestellungen@example.at>'),
  /** where customers open their order: {PUBLIC_BASE_URL}/status/{uid}/{hash} */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
  /** a worker that dies mid-job loses its lock after this long; another worker then takes the job over */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(500).default(30_000),
  PRINT_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** the time zone of test pages (receipts use their branch's) */
  TIME_ZONE: z.string().default('Europe/Vienna'),
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Issue 45: the process's CPU priority (nice value, 0–19): the workers' jobs (mails, receipts, SMS) can wait a few
   * milliseconds, a customer's checkout cannot; on a shared host the request path gets the cores first when the
   * workers work off a backlog. 0 keeps the default priority.
   */
  WORKERS_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** the SMS provider: POST {SMS_PROVIDER_URL} with JSON { from, to, text, reference } and a bearer token */
  SMS_PROVIDER_URL: z.string().url().default('http://127.0.0.1:9025/messages'),
  SMS_PROVIDER_TOKEN: z.string().default(''),
  SMS_SENDER: z.string().max(11).default('Bestellung'),
  /**
   * Countries (ISO 3166 codes, comma-separated) whose phone numbers get SMS; any other number gets none (toll
   * fraud with premium numbers abroad). Default: the shop's countries.
   */
  SMS_COUNTRIES: commaList('AT,DE,CH,LI', (country) => country.toUpperCase()),
});
export type WorkersConfig = z.infer<typeof WorkersConfigSchema>;
export const loadWorkersConfig = (env?: Record<string, string | undefined>) => loadConfig(WorkersConfigSchema, env);
