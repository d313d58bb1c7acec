import type { Actor } from '@shop/contracts';
import { DomainException } from '@shop/server';

/** Users and departments are administered by ROLE_ADMIN only. */
export function adminOnly(actor: Actor | null): void {
  if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
  if (!actor.roles.includes('ROLE_ADMIN')) throw DomainException.forbidden();
}
