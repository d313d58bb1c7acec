import { z } from 'zod';
import type { LoginResult } from './mfa.schema.js';

/**
 * One-time login links (backoffice-platform.md §8 "invalid or expired login link"): an administrator creates
 * one for a user; it is valid for 10 minutes and logs in once. Only a hash of the token is stored.
 */
export const LOGIN_LINK_TTL_MINUTES = 10;
export const LoginLinkToken = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/);
export const LoginLinkInput = z.object({ token: LoginLinkToken, code: z.string().trim().max(64).optional() });
export type LoginLinkInput = z.infer<typeof LoginLinkInput>;

export interface LoginLinkCreated {
  token: string;
  expiresAt: string;
}

declare module '../bus/subjects.js' {
  interface RpcMap {
    'identity.auth.create-login-link': { req: { userId: number }; res: LoginLinkCreated };
    'identity.auth.consume-login-link': { req: { token: string; code?: string }; res: LoginResult };
  }
}
