import type { Actor } from '@shop/contracts';
import { DomainException } from '@shop/server';

export const isAdmin = (actor: Actor | null): boolean => !!actor?.roles.includes('ROLE_ADMIN');

/** Catalogue writes: administrators only (employees read). Anonymous writes never reach here (gateway 401). */
export function adminWrites(actor: Actor | null, verb: 'read' | 'create' | 'update' | 'delete'): void {
  if (verb === 'read') return;
  if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
  if (!isAdmin(actor)) throw DomainException.forbidden();
}

/** An employee may change things of the branches they belong to (backoffice-platform.md §6). */
export function branchWrites(actor: Actor | null, verb: 'read' | 'create' | 'update' | 'delete', branchIds: number[]): void {
  if (verb === 'read' || isAdmin(actor)) return;
  if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
  if (!actor.roles.includes('ROLE_EMPLOYEE')) throw DomainException.forbidden();
  if (branchIds.length === 0 || !branchIds.every((id) => actor.branches.includes(id))) {
    throw DomainException.forbidden('http.forbiddenBranch');
  }
}
