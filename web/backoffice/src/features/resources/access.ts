import type { User } from '@shop/contracts';
import { isAdmin } from '../auth/use-me';
import type { ResourceDef } from './types';

export interface Access {
  create: boolean;
  change: boolean;
  delete: boolean;
}

type Staff = Pick<User, 'roles' | 'branches'> | undefined;

/**
 * What the screens offer the user for an entity (null: a new one). Administrators may do everything; employees
 * what the resource allows them, and only in their own branches (ARCHITECTURE.md "Roles"; the server enforces it).
 */
export function accessTo(def: ResourceDef, me: Staff, row: Record<string, unknown> | null): Access {
  if (isAdmin(me)) return { create: true, change: true, delete: true };
  const rule = def.employee;
  if (!rule || !me) return { create: false, change: false, delete: false };
  const own = row !== null && me.branches.some((b) => b.id === rule.branchOf(row));
  return { create: rule.create, change: rule.change && (row === null ? rule.create : own), delete: rule.delete && own };
}

/**
 * Whether the form shows this field read only to the user although they may change the entity: an employee and a
 * field outside the resource's `employee.fields` (issue 42 item 6: a branch's name, visibility, payments …).
 */
export function lockedField(def: ResourceDef, me: Staff, name: string): boolean {
  const fields = def.employee?.fields;
  return !isAdmin(me) && !!fields && !fields.includes(name);
}

/** The branches a user may assign an entity to: all for administrators, their own for employees. */
export function assignableBranch(me: Staff, branchId: string): boolean {
  return isAdmin(me) || !!me?.branches.some((b) => String(b.id) === branchId);
}
