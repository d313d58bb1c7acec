import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Actor as ActorShape } from '@shop/contracts';
import { DomainException } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { Actor, Public, requestActor, Roles } from './access.js';
import { AccessGuard } from './access.guard.js';
import type { ActorService } from './actor.service.js';

const admin: ActorShape = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: ActorShape = { id: 2, username: 'mitarbeiter', roles: ['ROLE_EMPLOYEE'], branches: [3] };

class Handlers {
  @Roles('ROLE_ADMIN')
  adminOnly(@Actor() _actor: Actor) {}

  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  staff(@Actor() _actor: Actor) {}

  @Public()
  anyone() {}

  @Public()
  anyoneWithActor(@Actor() _actor: Actor | null) {}

  undeclared() {}
}

/** The guard with an ActorService that answers `actor` and counts how often it is asked. */
function setup(actor: ActorShape | null) {
  const asked: FastifyRequest[] = [];
  const actors = { resolve: async (req: FastifyRequest) => (asked.push(req), actor) } as unknown as ActorService;
  const guard = new AccessGuard(new Reflector(), actors);
  const req = {} as FastifyRequest;
  const run = (handler: keyof Handlers) =>
    guard.canActivate({
      getHandler: () => Handlers.prototype[handler],
      getClass: () => Handlers,
      switchToHttp: () => ({ getRequest: () => req }),
    } as unknown as ExecutionContext);
  return { asked, req, run };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof DomainException ? err.toJSON() : err),
  );

describe('AccessGuard', () => {
  it('answers 401 auth.unauthenticated to anonymous requests of staff operations', async () => {
    const { run } = setup(null);
    expect(await failure(run('staff'))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Es konnten keine Zugangsdaten gefunden werden.',
      errors: [{ field: null, message: 'Es konnten keine Zugangsdaten gefunden werden.' }],
    });
  });

  it('answers 403 with the German envelope when the role is missing', async () => {
    const { run } = setup(employee);
    expect(await failure(run('adminOnly'))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Keine Rechte, um die Ressource anzufragen.',
      errors: [{ field: null, message: 'Keine Rechte, um die Ressource anzufragen.' }],
    });
  });

  it('lets one of the roles in and hands the actor, resolved once, to @Actor()', async () => {
    const { asked, req, run } = setup(employee);
    await expect(run('staff')).resolves.toBe(true);
    expect(asked).toEqual([req]);
    expect(requestActor(req)).toBe(employee);
    const other = setup(admin);
    await expect(other.run('adminOnly')).resolves.toBe(true);
  });

  it('asks nobody for public handlers that take no actor, and resolves the optional actor for those that do', async () => {
    const plain = setup(admin);
    await expect(plain.run('anyone')).resolves.toBe(true);
    expect(plain.asked).toEqual([]);
    const visitor = setup(null);
    await expect(visitor.run('anyoneWithActor')).resolves.toBe(true);
    expect(visitor.asked).toHaveLength(1);
    expect(requestActor(visitor.req)).toBeNull();
  });

  it('refuses a handler that declares no access', async () => {
    const { run } = setup(admin);
    await expect(run('undeclared')).rejects.toThrow('Handlers.undeclared declares no access');
  });
});
