import type { Branch, User } from '@shop/contracts';
import type { Choice } from '../ui/Options';

/**
 * The branch filter's choices: administrators every branch, everyone else the branches of their own list (the
 * statistics service refuses another branch to them; backoffice-platform.md §6). Sorted by name.
 */
export function branchChoices(
  branches: readonly Pick<Branch, 'id' | 'name'>[] | undefined,
  me: Pick<User, 'roles' | 'branches'> | undefined,
): Choice[] {
  if (!branches || !me) return [];
  const admin = me.roles.includes('ROLE_ADMIN');
  const own = new Set(me.branches.map((b) => b.id));
  return branches
    .filter((b) => admin || own.has(b.id))
    .map((b) => ({ value: b.id, label: b.name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'de-AT'));
}
