import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const OrderConfigSchema = BaseConfigSchema.extend({
  ORDER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3103),
  /** an unconfirmed order counts as missed this long after its appointment (or creation, without one) */
  ORDER_MISSED_AFTER_MINUTES: z.coerce.number().int().min(1).default(15),
  /** how long an Idempotency-Key replays its first response */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** the example in 'Bitte geben Sie eine gültige Nummer im Format {phone} an.' */
  PHONE_FORMAT_EXAMPLE: z.string().default('+43 664 1234567'),
  /** BullMQ key prefix (queues print, email, sms) */
  BULLMQ_PREFIX: z.string().default('bull'),
});
export type OrderConfig = z.infer<typeof OrderConfigSchema>;
export const loadOrderConfig = (env?: Record<string, string | undefined>) => loadConfig(OrderConfigSchema, env);
