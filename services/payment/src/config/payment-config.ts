import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

/** unset and empty (compose passes `VAR: ""`) both mean: not configured */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** what the order and payment services need besides the provider call, within the callers' bus timeout */
export const PROVIDER_TIMEOUT_HEADROOM_MS = 2000;

export const PaymentConfigSchema = BaseConfigSchema.extend({
  PAYMENT_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3106),
  /** the shop's public origin: providers call its webhooks and send customers back to it */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
  /** Mollie Payments API v2 (the API key selects test or live mode) */
  MOLLIE_API_URL: z.string().url().default('https://api.mollie.com'),
  MOLLIE_API_KEY: optional(z.string()),
  /** Datatrans: API (init, status) and payment page hosts; sandbox unless configured */
  DATATRANS_API_URL: z.string().url().default('https://api.sandbox.datatrans.com'),
  DATATRANS_PAY_URL: z.string().url().default('https://pay.sandbox.datatrans.com'),
  DATATRANS_MERCHANT_ID: optional(z.string()),
  DATATRANS_PASSWORD: optional(z.string()),
  /** hex key of the webhook signature (Datatrans-Signature: t=…,s0=HMAC-SHA256(t + body)) */
  DATATRANS_HMAC_KEY: optional(z.string().regex(/^[0-9a-fA-F]+$/)),
  /**
   * A provider call gives up after this long. It runs inside two bus requests (gateway → order → payment, each
   * NATS_REQUEST_TIMEOUT_MS): it must end well before them, so the customer gets the payment's own 503 and not
   * the bus's timeout (checked below).
   */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /** the reconciler asks the provider about open payments this often … */
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** … once they are this old (a webhook normally settles them first) … */
  PAYMENT_RECONCILE_MIN_AGE_MS: z.coerce.number().int().min(0).default(60_000),
  /** … and gives up on them after this long (providers expire open payments much sooner) */
  PAYMENT_RECONCILE_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(48),
}).refine((c) => c.PAYMENT_PROVIDER_TIMEOUT_MS + PROVIDER_TIMEOUT_HEADROOM_MS <= c.NATS_REQUEST_TIMEOUT_MS, {
  path: ['PAYMENT_PROVIDER_TIMEOUT_MS'],
  message: `must be at least ${PROVIDER_TIMEOUT_HEADROOM_MS} ms shorter than NATS_REQUEST_TIMEOUT_MS (the order and payment services' own work in the same bus requests)`,
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;
export const loadPaymentConfig = (env?: Record<string, string | undefined>) => loadConfig(PaymentConfigSchema, env);
