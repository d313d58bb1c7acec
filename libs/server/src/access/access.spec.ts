import type { Actor } from '@shop/contracts';
import { DomainException } from '../errors/domain-exception.js';
import { canAccess, holdsPermission, requireAccess } from './access.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [3, 4] };
const manager: Actor = { id: 3, username: 'lead', roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'], branches: [3] };
const code = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (err) {
    return err instanceof DomainException ? `${err.code}:${err.errors[0]?.message ?? ''}` : 'other';
  }
};

describe('requireAccess (backoffice-platform.md §6)', () => {
  it('answers 401 for visitors and 403 for a missing role', () => {
    expect(code(() => requireAccess(null, 'staff'))).toMatch(/^UNAUTHENTICATED/);
    expect(code(() => requireAccess(employee, 'admin'))).toMatch(/^FORBIDDEN/);
    expect(code(() => requireAccess(admin, 'admin'))).toBe('ok');
  });

  it('lets employees act on their own branches only, administrators on every branch', () => {
    expect(canAccess(employee, 'branch', [3])).toBe(true);
    expect(canAccess(employee, 'branch', [3, 4])).toBe(true);
    expect(canAccess(employee, 'branch', [3, 5])).toBe(false);
    expect(canAccess(employee, 'branch', [])).toBe(false);
    expect(canAccess(admin, 'branch', [99])).toBe(true);
    expect(code(() => requireAccess(employee, 'branch', [5]))).toMatch(/^FORBIDDEN/);
    expect(canAccess(employee, 'staff')).toBe(true);
  });

  it("'manage': administrators everywhere, branch managers on their own branches, employees nowhere (issue 19)", () => {
    expect(canAccess(admin, 'manage', [99])).toBe(true);
    expect(canAccess(manager, 'manage', [3])).toBe(true);
    expect(canAccess(manager, 'manage', [3, 4])).toBe(false);
    expect(canAccess(manager, 'manage', [])).toBe(false);
    expect(code(() => requireAccess(manager, 'manage', [5]))).toBe(
      'FORBIDDEN:Sie haben keinen Zugriff auf diese Filiale.',
    );
    expect(code(() => requireAccess(employee, 'manage', [3]))).toBe(
      'FORBIDDEN:Keine Rechte, um die Ressource anzufragen.',
    );
    expect([admin, manager, employee, null].map((a) => holdsPermission(a, 'manage'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // a branch manager is still an employee everywhere else
    expect(canAccess(manager, 'branch', [3])).toBe(true);
    expect(canAccess(manager, 'admin')).toBe(false);
  });
});
