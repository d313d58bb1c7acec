import { BaseConfigSchema, commaList, loadConfig } from '@shop/server';
import { z } from 'zod';

/**
 * ORDER_RETENTION_YEARS: how many years orders are kept for the tax period, per country of the branch ('AT:7,DE:10,
 * *:10'; '*' is every other country and must be given). Parsed into { AT: 7, DE: 10, '*': 10 }.
 */
const RetentionYears = commaList('AT:7,DE:10,*:10', (entry) => entry.toUpperCase())
  .pipe(z.array(z.string().regex(/^([A-Z]{2}|\*):\d{1,3}$/, 'entries are COUNTRY:YEARS, e.g. AT:7,DE:10,*:10')))
  .transform((entries) => Object.fromEntries(entries.map((e) => [e.slice(0, e.indexOf(':')), Number(e.split(':')[1])])))
  .pipe(z.record(z.string(), z.number().int().min(1).max(100)))
  .refine((years) => '*' in years, "needs an entry '*:YEARS' for every other country");

export const OrderConfigSchema = BaseConfigSchema.extend({
  ORDER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3103),
  /** an unconfirmed order counts as missed this long after its appointment (or creation, without one) */
  ORDER_MISSED_AFTER_MINUTES: z.coerce.number().int().min(1).default(15),
  /** how long an Idempotency-Key replays its first response */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * Issue 45, group commit: new orders wait at most this long (ms; 0: only those that arrived in the same turn of
   * the event loop) to be written together in one statement and one commit; while ORDER_BATCH_IN_FLIGHT batches
   * are being written, the next batch takes every order that came meanwhile, up to ORDER_BATCH_MAX.
   */
  ORDER_BATCH_WINDOW_MS: z.coerce.number().min(0).max(2).default(2),
  ORDER_BATCH_MAX: z.coerce.number().int().min(1).max(500).default(100),
  ORDER_BATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  /** how often keys older than IDEMPOTENCY_TTL_HOURS are deleted */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** the example in 'Bitte geben Sie eine gültige Nummer im Format {phone} an.' */
  PHONE_FORMAT_EXAMPLE: z.string().default('+43 664 1234567'),
  /** BullMQ key prefix (queues print, email, sms) */
  BULLMQ_PREFIX: z.string().default('bull'),
  /** how often unfinished jobs are checked against BullMQ, and how old a job must be to count as lost */
  JOB_REDISPATCH_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  JOB_REDISPATCH_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  /** a receipt a printer reports as failed this often is given up (status failed, reason recorded) */
  PRINT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  /** an Epson printer that took a job and never answered gets it again after this long */
  PRINT_HANDOUT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Unpaid online orders at least ORDER_PAYMENT_SWEEP_MIN_AGE_MS old (and at most 48 h) ask the payment service
   * this often whether their payment is final: a settled event that never arrived is applied all the same.
   */
  ORDER_PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  ORDER_PAYMENT_SWEEP_MIN_AGE_MS: z.coerce.number().int().min(0).default(120_000),
  /**
   * Issue 44: orders are kept for the tax period of their branch's country (Austria BAO §132: 7 years; Germany
   * §147 AO: 10 years for the records it names, 8 for receipts since 2025: 10 is the safe default) and deleted with
   * their lines and job rows after it (privacy/order-retention.ts), checked every ORDER_RETENTION_INTERVAL_MS.
   */
  ORDER_RETENTION_YEARS: RetentionYears,
  ORDER_RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(86_400_000),
});
export type OrderConfig = z.infer<typeof OrderConfigSchema>;
export const loadOrderConfig = (env?: Record<string, string | undefined>) => loadConfig(OrderConfigSchema, env);
