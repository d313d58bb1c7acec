import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const OrderConfigSchema = BaseConfigSchema.extend({
  ORDER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3103),
  /** an unconfirmed order counts as missed this long after its appointment (or creation, without one) */
  ORDER_MISSED_AFTER_MINUTES: z.coerce.number().int().min(1).default(15),
  /** how long an Idempotency-Key replays its first response */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
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
});
export type OrderConfig = z.infer<typeof OrderConfigSchema>;
export const loadOrderConfig = (env?: Record<string, string | undefined>) => loadConfig(OrderConfigSchema, env);
