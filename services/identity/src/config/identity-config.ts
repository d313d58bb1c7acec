import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const IdentityConfigSchema = BaseConfigSchema.extend({
  IDENTITY_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  /** failed logins of one (username, client) that lock the pair */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(2).max(100).default(5),
  /** the first lock; each further lock of the same pair doubles it, up to LOGIN_LOCKOUT_MAX_MINUTES */
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_LOCKOUT_MAX_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
});
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
export const loadIdentityConfig = (env?: Record<string, string | undefined>) => loadConfig(IdentityConfigSchema, env);
