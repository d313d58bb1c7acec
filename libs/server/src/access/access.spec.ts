import type { Actor } from '@shop/contracts';
import { DomainException } from '../errors/domain-exception.js';
import { canAccess, requireAccess } from './access.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [3, 4] };
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
});
