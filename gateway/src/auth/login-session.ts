import type { LoginResult, User } from '@shop/contracts';
import type { ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rotateCsrfToken } from '../common/csrf.js';
import type { StaffSessions } from './staff-session.js';

/**
 * A new session after a successful login (password and code, or a login link): it remembers the password's
 * version (a later change ends it) and whether the administrator must enrol in two-factor login first.
 */
export async function startLoginSession(
  bus: ServiceBus,
  sessions: StaffSessions,
  req: FastifyRequest,
  reply: FastifyReply,
  result: LoginResult,
): Promise<{ user: User; csrfToken: string; mfaSetupRequired: boolean }> {
  const { mfaSetupRequired = false, ...actor } = result;
  const user = await bus.request('identity.user.me', { id: actor.id }, actor);
  // a new session id and CSRF secret at login: an id or token planted before login is worthless afterwards
  await sessions.start(req, reply, {
    actor,
    actorCheckedAt: Date.now(),
    credentialsChangedAt: user.credentialsChangedAt ?? null,
    ...(mfaSetupRequired ? { mfaSetupRequired } : {}),
  });
  return { user, csrfToken: rotateCsrfToken(req, reply), mfaSetupRequired };
}
