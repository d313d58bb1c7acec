import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { CONFIG, DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config/gateway-config.js';
import './session.types.js';

/**
 * Who is behind a request: the staff member of the session, re-confirmed with identity at most every
 * ACTOR_REFRESH_SECONDS (so a disabled user or changed roles take effect within that time), else null.
 */
@Injectable()
export class ActorService {
  constructor(private readonly bus: ServiceBus, @Inject(CONFIG) private readonly config: GatewayConfig) {}

  async resolve(req: FastifyRequest): Promise<Actor | null> {
    const session = req.session;
    const actor = session?.actor;
    if (!actor) return null;
    if (Date.now() - (session.actorCheckedAt ?? 0) < this.config.ACTOR_REFRESH_SECONDS * 1000) return actor;
    try {
      const user = await this.bus.request('identity.user.me', { id: actor.id }, actor);
      const fresh: Actor = { id: user.id, username: user.username, roles: user.roles, branches: user.branches.map((b) => b.id) };
      session.actor = fresh;
      session.actorCheckedAt = Date.now();
      return fresh;
    } catch (err) {
      if (err instanceof DomainException && err.code === 'UNAUTHENTICATED') {
        await session.destroy();
        return null;
      }
      throw err;
    }
  }

  /** The actor, or 401 for anonymous requests. */
  async require(req: FastifyRequest): Promise<Actor> {
    const actor = await this.resolve(req);
    if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
    return actor;
  }
}
