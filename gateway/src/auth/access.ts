import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Actor as ActorShape, Role } from '@shop/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * Who may call an operation, declared once per handler. The AccessGuard enforces it and the OpenAPI document
 * (openapi/openapi-document.ts) states it (security requirement, `x-access`, `x-roles`), both from the same
 * declaration. The guard only checks the coarse part: a staff session with one of the roles. What depends on the
 * data (which branches an employee may touch, a branch's API key, a device's key) stays with the owning service,
 * which gets the actor in every NATS envelope.
 */
export type Access =
  /** anyone; a staff session, if the handler takes @Actor(), may widen what it sees */
  | { kind: 'public' }
  /** a staff session whose user holds one of the roles: 401 without one, 403 without the role */
  | { kind: 'staff'; roles: readonly Role[] }
  /** the counter screens: a branch id in the path and that branch's API key in X-Screen-Key, checked by the order service */
  | { kind: 'branch-key' }
  /** print and notification devices: HTTP Basic with the device's identifier and API key (devices/printer.routes.ts) */
  | { kind: 'device' };

/** Reflect metadata key of a handler's (or controller's) Access. */
export const ACCESS_METADATA = 'shop:access';
/** The operation extension that carries the Access into the OpenAPI document. */
export const ACCESS_EXTENSION = 'x-access';
/** Marks handlers that take @Actor(): the guard resolves the session's actor for them (public ones too). */
export const ACTOR_PARAM_METADATA = 'shop:actor-param';
/** The operation extension of a public operation whose answer depends on an optional staff session. */
export const OPTIONAL_SESSION_EXTENSION = 'x-optional-session';

export const STAFF_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_EMPLOYEE'];

function declare(access: Access) {
  return applyDecorators(SetMetadata(ACCESS_METADATA, access), ApiExtension(ACCESS_EXTENSION, access));
}

/** Anyone may call it (customers, visitors, webhooks, the login itself). */
export const Public = () => declare({ kind: 'public' });

/** A staff session with at least one of the roles (401 `auth.unauthenticated` without a session, 403 without the role). */
export const Roles = (...roles: [Role, ...Role[]]) => declare({ kind: 'staff', roles });

/** No session: the branch id and its API key in the path are the credentials (the order service compares them). */
export const BranchKey = () => declare({ kind: 'branch-key' });

/** Marks staff operations an administrator may use before enrolling in required two-factor login. */
export const MFA_SETUP_METADATA = 'shop:mfa-setup';
export const AllowDuringMfaSetup = () => SetMetadata(MFA_SETUP_METADATA, true);

/** Access of a CRUD operation from the resource's table: 'public' or the roles it needs. */
export const Allow = (rule: 'public' | readonly Role[]) =>
  rule === 'public' ? Public() : Roles(...(rule as [Role, ...Role[]]));

/** The actor the AccessGuard resolved for each request (once; see ActorService for the refresh). */
const resolved = new WeakMap<object, ActorShape | null>();

export function setRequestActor(req: FastifyRequest, actor: ActorShape | null): void {
  resolved.set(req, actor);
}

export function requestActor(req: FastifyRequest): ActorShape | null {
  return resolved.get(req) ?? null;
}

const actorParam = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  requestActor(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

/**
 * The staff member behind the request, or null for visitors (on @Roles handlers never null: the guard answered 401).
 * Also marks the handler, so that the guard resolves the actor for public handlers that want it.
 */
export function Actor(): ParameterDecorator {
  return (target, key, index) => {
    actorParam()(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    Reflect.defineMetadata(ACTOR_PARAM_METADATA, true, descriptor.value as object);
    ApiExtension(OPTIONAL_SESSION_EXTENSION, true)(target, key, descriptor);
  };
}
/** The shape @Actor() delivers (the contracts' Actor, named here so that one import serves both). */
export type Actor = ActorShape;
