import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const IdentityConfigSchema = BaseConfigSchema.extend({
  IDENTITY_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
export const loadIdentityConfig = (env?: Record<string, string | undefined>) => loadConfig(IdentityConfigSchema, env);
