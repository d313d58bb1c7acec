import { PERMISSIONS, type Actor, type Permission } from '@shop/contracts';
import { DomainException } from '../errors/domain-exception.js';

/** Has the staff member a role the permission names? */
const hasRole = (actor: Actor, permission: Permission): boolean =>
  actor.roles.some((r) => (PERMISSIONS[permission].roles as readonly string[]).includes(r));

/** Are all these branches the staff member's own, where the permission is scoped to branches? */
const inBranches = (actor: Actor, permission: Permission, branchIds: readonly number[]): boolean =>
  !PERMISSIONS[permission].branchScoped ||
  actor.roles.includes('ROLE_ADMIN') ||
  (branchIds.length > 0 && branchIds.every((id) => actor.branches.includes(id)));

/** May this staff member do what the permission names, on all of these branches? (false for visitors) */
export function canAccess(actor: Actor | null, permission: Permission, branchIds: readonly number[] = []): boolean {
  return !!actor && hasRole(actor, permission) && inBranches(actor, permission, branchIds);
}

/**
 * The one access check of every service (Immich's BaseService.requireAccess): 401 for a visitor, 403 for a
 * missing role, 403 'http.forbiddenBranch' for an employee outside the branches the operation touches.
 * Returns the actor, now known to be logged in.
 */
export function requireAccess(actor: Actor | null, permission: Permission, branchIds: readonly number[] = []): Actor {
  if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
  if (!hasRole(actor, permission)) throw DomainException.forbidden();
  if (!inBranches(actor, permission, branchIds)) throw DomainException.forbidden('http.forbiddenBranch');
  return actor;
}

/** Does the staff member hold a role the permission names, whatever the branches (e.g. a branch manager for `manage`)? */
export function holdsPermission(actor: Actor | null, permission: Permission): boolean {
  return !!actor && hasRole(actor, permission);
}

/** The branches a staff member sees: every branch for administrators ('all'), else their own. */
export function visibleBranches(actor: Actor): 'all' | number[] {
  return actor.roles.includes('ROLE_ADMIN') ? 'all' : actor.branches;
}

/** For resources every visitor may read (the catalogue): reads pass, writes need the permission. */
export function requireWriteAccess(
  actor: Actor | null,
  verb: 'read' | 'create' | 'update' | 'delete',
  permission: Permission,
  branchIds: readonly number[] = [],
): void {
  if (verb !== 'read') requireAccess(actor, permission, branchIds);
}

// the credentials of devices that sign in without a staff session (exported from here with the other access checks)
export * from './device-credentials.js';
