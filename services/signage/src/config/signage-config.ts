import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const SignageConfigSchema = BaseConfigSchema.extend({
  SIGNAGE_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3109),
  /** a device whose last heartbeat is older than this is offline (players beat every 20 s) */
  SIGNAGE_OFFLINE_AFTER_MS: z.coerce.number().int().min(1000).default(60_000),
  /** how often open commands past their time-to-live are marked expired */
  SIGNAGE_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * A command's event leaves with the relay's next pass, and the TVs must have it within the second (issue 20): the
   * signage relay's passes are not paced (BaseConfig's OUTBOX_PASS_INTERVAL_MS); its events are few.
   */
  OUTBOX_PASS_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(0),
  /**
   * A bulk command to a branch's TVs writes one event per TV: 1,000 in one batch instead of ten in a row (issue 45:
   * 99 % of 1,000 players acknowledged after 875–925 ms against 1,010–1,210 ms, scripts/bench/README.md).
   */
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(1000),
});
export type SignageConfig = z.infer<typeof SignageConfigSchema>;
export const loadSignageConfig = (env?: Record<string, string | undefined>) => loadConfig(SignageConfigSchema, env);
