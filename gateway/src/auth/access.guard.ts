import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainException } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { ACCESS_METADATA, ACTOR_PARAM_METADATA, MFA_SETUP_METADATA, setRequestActor, type Access } from './access.js';
import { ActorService } from './actor.service.js';

/**
 * The one access check of the gateway's Nest routes (registered as APP_GUARD). It runs after the Fastify hooks
 * (input guard, CSRF, rate limit) and before the handler, so "who asks" is answered before the body or the path
 * is looked at. It resolves the session's actor once per request (ActorService re-confirms it with identity every
 * ACTOR_REFRESH_SECONDS), for staff operations and for handlers that take @Actor(); other public handlers cost
 * nothing. A route without a declaration is an error of the code, not an open door.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly actors: ActorService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const handler = context.getHandler();
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_METADATA, [handler, context.getClass()]);
    if (!access)
      throw new Error(`${context.getClass().name}.${handler.name} declares no access (@Public, @Roles or @BranchKey)`);
    if (access.kind === 'device')
      throw new Error(
        `${context.getClass().name}.${handler.name}: device credentials are checked by the printer routes, not by Nest handlers`,
      );
    const staff = access.kind === 'staff';
    if (!staff && !Reflect.getMetadata(ACTOR_PARAM_METADATA, handler)) return true;

    const req = context.switchToHttp().getRequest<FastifyRequest>();
    let actor = await this.actors.resolve(req);
    // an administrator who must enrol in two-factor login first may do only that (and see who they are)
    if (actor && req.staffSession?.data.mfaSetupRequired && !this.reflector.get<boolean>(MFA_SETUP_METADATA, handler)) {
      if (staff) throw DomainException.of('MFA_SETUP_REQUIRED', 'auth.mfaSetupRequired');
      actor = null;
    }
    setRequestActor(req, actor);
    if (!staff) return true;
    if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
    if (!actor.roles.some((role) => access.roles.includes(role))) throw DomainException.forbidden();
    return true;
  }
}
