import { hash } from '@node-rs/argon2';
import { CRUD_RESOURCES, type User } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import {
  columnFilters,
  columnsDto,
  defineCrud,
  DomainException,
  holdsPermission,
  missingReferences,
  requireAccess,
} from '@shop/server';
import { LoginAttemptEntity } from '../auth/login-attempt.entity.js';
import { DepartmentEntity } from '../departments/department.entity.js';
import { isCommonPassword } from './common-passwords.js';
import { UserEntity } from './user.entity.js';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 iterations). */
export const hashPassword = (password: string) =>
  hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export function userToDto(e: UserEntity): User {
  const displayName = [e.firstName, e.lastName].filter(Boolean).join(' ') || e.username;
  return {
    ...columnsDto(e, ['username', 'email', 'firstName', 'lastName']),
    displayName,
    roles: e.roles,
    branches: e.branches.map((id) => ({ id })),
    department: e.departmentId === null ? null : { id: e.departmentId },
    isEnabled: e.isEnabled,
    isLocked: e.isLocked,
    expiresAt: e.expiresAt?.toISOString() ?? null,
    lockedUntil: e.lockedUntil?.toISOString() ?? null,
    credentialsChangedAt: e.credentialsChangedAt?.toISOString() ?? null,
    mfaEnabled: e.mfaEnabled ?? false,
  };
}

export const userCrud = defineCrud(CRUD_RESOURCES.users, UserEntity, {
  uniqueColumns: ['username'],
  searchColumns: ['username', 'firstName', 'lastName', 'email'],
  order: { username: 'ASC' },
  // branch managers (issue 19) read the staff who share a branch with them; administrators everyone
  actorScope(qb, a, actor) {
    if (!actor.roles.includes('ROLE_ADMIN')) qb.andWhere(`${a}.branches && :mine::int[]`, { mine: actor.branches });
  },
  applyFilters: columnFilters({ role: { holds: 'roles' }, branch: { holds: 'branches' } }),
  checkReferences: (manager, input) =>
    missingReferences(
      manager,
      DepartmentEntity,
      CRUD_RESOURCES.departments.label,
      input.department ? [{ field: 'department', id: input.department.id }] : [],
    ),
  authorize(actor, verb, existing, input) {
    if (verb === 'read' && holdsPermission(actor, 'manage')) return;
    const admin = requireAccess(actor, 'admin');
    // an administrator cannot shut themselves out (with the last administrator, nobody could get in again)
    if (!existing || existing.id !== admin.id) return;
    if (verb === 'delete') throw DomainException.of('CONFLICT', 'auth.cannotDeleteSelf');
    if (
      input &&
      (!input.roles.includes('ROLE_ADMIN') ||
        !input.isEnabled ||
        input.isLocked ||
        (input.expiresAt && new Date(input.expiresAt) <= new Date()))
    ) {
      throw DomainException.of('CONFLICT', 'auth.cannotLockOutSelf');
    }
  },
  async assign(input, e, manager) {
    const { password, branches, department, expiresAt, username, ...fields } = input;
    if (!e.id && !password)
      throw DomainException.validation([{ field: 'password', message: t('validation.required') }]);
    if (input.roles.includes('ROLE_BRANCH_MANAGER') && !input.roles.includes('ROLE_EMPLOYEE'))
      throw DomainException.validation([{ field: 'roles', message: t('validation.branchManagerNeedsEmployee') }]);
    // the content permission (issue 42) is given to an employee: the gateway lets staff roles in, the role adds to them
    if (input.roles.includes('ROLE_CONTENT_EDITOR') && !input.roles.includes('ROLE_EMPLOYEE'))
      throw DomainException.validation([{ field: 'roles', message: t('validation.contentEditorNeedsEmployee') }]);
    // so is the privacy permission (issue 44: search, export and erase a customer's data)
    if (input.roles.includes('ROLE_PRIVACY') && !input.roles.includes('ROLE_EMPLOYEE'))
      throw DomainException.validation([{ field: 'roles', message: t('validation.privacyNeedsEmployee') }]);
    if (password && isCommonPassword(password))
      throw DomainException.validation([{ field: 'password', message: t('validation.commonPassword') }]);
    if (e.isLocked && !input.isLocked) {
      // unlocking lets the user in again at once: a running lockout after failed logins ends too
      await manager.getRepository(LoginAttemptEntity).delete({ username: e.username });
      e.lockedUntil = null;
    }
    Object.assign(e, fields);
    e.username = username.toLowerCase();
    e.branches = [...new Set(branches.map((b) => b.id))];
    e.departmentId = department?.id ?? null;
    e.expiresAt = expiresAt ? new Date(expiresAt) : null;
    if (password) {
      e.passwordHash = await hashPassword(password);
      // the user's sessions from before end (the gateway compares at their next request)
      if (e.id) e.credentialsChangedAt = new Date();
    }
  },
  toDto: userToDto,
});
