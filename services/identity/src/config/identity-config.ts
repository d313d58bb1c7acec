import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const IdentityConfigSchema = BaseConfigSchema.extend({
  IDENTITY_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  /** failed logins of one (username, client) that lock the pair */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(2).max(100).default(5),
  /** the first lock; each further lock of the same pair doubles it, up to LOGIN_LOCKOUT_MAX_MINUTES */
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_LOCKOUT_MAX_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
  /**
   * Administrators must use two-factor login (TOTP): on by default when NODE_ENV=production; `npm start`'s demo
   * runs in development, so its admin keeps password login. 'true'/'false' set it explicitly.
   */
  MFA_REQUIRED_FOR_ADMINS: z.enum(['true', 'false']).optional(),
  /** the issuer the authenticator app shows next to the username */
  MFA_ISSUER: z.string().min(1).max(100).default('Shop Backoffice'),
  /** failed logins and their lockouts are forgotten this many days after the last failure (once no lock runs) */
  LOGIN_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
}).transform((c) => ({
  ...c,
  MFA_REQUIRED_FOR_ADMINS: c.MFA_REQUIRED_FOR_ADMINS
    ? c.MFA_REQUIRED_FOR_ADMINS === 'true'
    : c.NODE_ENV === 'production',
}));
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
export const loadIdentityConfig = (env?: Record<string, string | undefined>) => loadConfig(IdentityConfigSchema, env);
