import { PERMISSIONS, type Actor, type Permission } from '@shop/contracts';
import { DomainException } from '../errors/domain-exception.js';

/** May this staff member do what the permission names, on all of these branches? (false for visitors) */
export function canAccess(actor: Actor | null, permission: Permission, branchIds: readonly number[] = []): boolean {
  if (!actor) return false;
  const rule = PERMISSIONS[permission];
  if (!actor.roles.some((r) => (rule.roles as readonly string[]).includes(r))) return false;
  if (!rule.branchScoped || actor.roles.includes('ROLE_ADMIN')) return true;
  return branchIds.length > 0 && branchIds.every((id) => actor.branches.includes(id));
}

/**
 * The one access check of every service (Immich's BaseService.requireAccess): 401 for a visitor, 403 for a
 * missing role, 403 'http.forbiddenBranch' for an employee outside the branches the operation touches.
 * Returns the actor, now known to be logged in.
 */
export function requireAccess(actor: Actor | null, permission: Permission, branchIds: readonly number[] = []): Actor {
  if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
  const rule = PERMISSIONS[permission];
  if (!actor.roles.some((r) => (rule.roles as readonly string[]).includes(r))) throw DomainException.forbidden();
  if (!canAccess(actor, permission, branchIds)) throw DomainException.forbidden('http.forbiddenBranch');
  return actor;
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
