import type { Actor } from '@shop/contracts';
import { DomainException, requireAccess } from '@shop/server';

/** Hours to three decimals. */
export const hours = (v: string | number | null) => Math.round(Number(v ?? 0) * 1000) / 1000;

/** Administrators see everyone's profile, employees their own. */
export function checkProfileAccess(actor: Actor | null, user: number): void {
  const a = requireAccess(actor, 'staff');
  if (!a.roles.includes('ROLE_ADMIN') && a.id !== user) throw DomainException.forbidden();
}
