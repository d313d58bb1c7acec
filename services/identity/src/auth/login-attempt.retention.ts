import { TableRetention } from '@shop/server';
import type { IdentityConfig } from '../config/identity-config.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';

/**
 * login_attempt rows (one per username and client, known usernames or not) would grow without end: a row whose
 * last failure is older than LOGIN_ATTEMPT_RETENTION_DAYS and whose lock has ended is deleted, every
 * RETENTION_INTERVAL_MS. Its growing delay starts over, which the lockout forgets after a day anyway.
 */
export class LoginAttemptRetention extends TableRetention('login-attempt-retention', (c: IdentityConfig) => ({
  everyMs: c.RETENTION_INTERVAL_MS,
  entity: LoginAttemptEntity,
  column: 'lastFailureAt',
  age: { days: c.LOGIN_ATTEMPT_RETENTION_DAYS },
  also: `("lockedUntil" IS NULL OR "lockedUntil" < now())`,
})) {}
