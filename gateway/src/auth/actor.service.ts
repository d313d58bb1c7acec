import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { CONFIG, DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config/gateway-config.js';
import { StaffSessions } from './staff-session.js';

/**
 * Who is behind a request: the staff member of the session, re-confirmed with identity at most every
 * ACTOR_REFRESH_SECONDS, and at once after identity reported a change of the user (UserEventsListener: roles,
 * branches, lock, disable, deletion end or narrow the session at its next request), else null.
 * Asked once per request by the AccessGuard; handlers get the result with @Actor().
 */
@Injectable()
export class ActorService {
  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: StaffSessions,
  ) {}

  async resolve(req: FastifyRequest): Promise<Actor | null> {
    const session = req.staffSession;
    if (!session) return null;
    const { actor } = session.data;
    const { actorCheckedAt } = session.data;
    if (
      Date.now() - actorCheckedAt < this.config.ACTOR_REFRESH_SECONDS * 1000 &&
      (await this.sessions.userChangedAt(actor.id)) < actorCheckedAt
    )
      return actor;
    try {
      const user = await this.bus.request('identity.user.me', { id: actor.id }, actor);
      if ((user.credentialsChangedAt ?? null) !== (session.data.credentialsChangedAt ?? null)) {
        // the password changed since this session confirmed it (elsewhere): the session ends at once
        await this.sessions.forget(req);
        return null;
      }
      const fresh: Actor = {
        id: user.id,
        username: user.username,
        roles: user.roles,
        branches: user.branches.map((b) => b.id),
      };
      session.data = { ...session.data, actor: fresh, actorCheckedAt: Date.now() };
      await this.sessions.save(req);
      return fresh;
    } catch (err) {
      if (err instanceof DomainException && err.code === 'UNAUTHENTICATED') {
        // the user was disabled or expired meanwhile: the session ends here (the stale cookie is ignored)
        await this.sessions.forget(req);
        return null;
      }
      throw err;
    }
  }
}
