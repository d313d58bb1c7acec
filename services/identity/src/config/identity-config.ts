import { BaseConfigSchema, commaList, loadConfig } from '@shop/server';
import { z } from 'zod';

/** the key `npm start` and the tests use; public, so a production start refuses it (like the gateway's SESSION_SECRET) */
export const DEVELOPMENT_MFA_KEY = 'ZGV2ZWxvcG1lbnQtb25seS1tZmEta2V5LTMyLWJ5dGU';
/** a 256-bit key, written in base64 (`openssl rand -base64 32`) */
const aesKey = z
  .string()
  .trim()
  .refine((k) => Buffer.from(k, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)');

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
  /** encrypts the TOTP secrets at rest (AES-256-GCM); a rotation moves the old key to the next setting */
  MFA_ENCRYPTION_KEY: aesKey.default(DEVELOPMENT_MFA_KEY),
  /** earlier keys, comma-separated: they still decrypt; identity re-encrypts every secret with the current key at start */
  MFA_ENCRYPTION_PREVIOUS_KEYS: commaList('').pipe(z.array(aesKey)),
  /** failed logins and their lockouts are forgotten this many days after the last failure (once no lock runs) */
  LOGIN_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /**
   * issue 44: the country a phone number without a country code is read in, when the shop's locale (catalogue's
   * config, e.g. de-AT) names none or the catalogue does not answer
   */
  PRIVACY_DEFAULT_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (AT, DE)')
    .default('AT'),
  /** a data export's file is kept this long for its one download; then (every RETENTION_INTERVAL_MS) it is deleted */
  PRIVACY_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
}).transform((c) => ({
  ...c,
  MFA_REQUIRED_FOR_ADMINS: c.MFA_REQUIRED_FOR_ADMINS
    ? c.MFA_REQUIRED_FOR_ADMINS === 'true'
    : c.NODE_ENV === 'production',
}));
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
export const loadIdentityConfig = (env?: Record<string, string | undefined>) => loadConfig(IdentityConfigSchema, env);
