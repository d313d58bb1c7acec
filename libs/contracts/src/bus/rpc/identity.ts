import type { LoginRequest, User } from '../../identity/identity.schema.js';
import type { LoginResult } from '../../identity/mfa.schema.js';

/** The identity service's request/reply subjects (part of RpcMap). */
export interface IdentityRpc {
  'identity.auth.verify-credentials': { req: LoginRequest; res: LoginResult };
  'identity.user.me': { req: { id: number }; res: User };
  /** an administrator lifts every lock of a user: `isLocked` and the lockouts after failed logins */
  'identity.user.unlock': { req: { id: number }; res: User };
}
