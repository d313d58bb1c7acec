import type { User } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { branchChoices } from './branches';

type Staff = Pick<User, 'roles' | 'branches'>;

const branches = [
  { id: 1, name: 'Wien Innere Stadt' },
  { id: 2, name: 'Graz' },
  { id: 3, name: 'Linz' },
];

/** issue 41: employees see only their branches in the branch filter, administrators all */
describe('the dashboard branch filter', () => {
  it('offers administrators every branch, by name', () => {
    const admin: Staff = { roles: ['ROLE_ADMIN'], branches: [] };
    expect(branchChoices(branches, admin).map((c) => c.label)).toEqual(['Graz', 'Linz', 'Wien Innere Stadt']);
  });
  it("offers an employee their own branches only (the actor's list)", () => {
    const employee: Staff = { roles: ['ROLE_EMPLOYEE'], branches: [{ id: 3 }, { id: 1 }] };
    expect(branchChoices(branches, employee)).toEqual([
      { value: 3, label: 'Linz' },
      { value: 1, label: 'Wien Innere Stadt' },
    ]);
    const manager: Staff = { roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'], branches: [{ id: 2 }] };
    expect(branchChoices(branches, manager).map((c) => c.value)).toEqual([2]);
  });
  it('offers nothing before the user and the branches are known', () => {
    expect(branchChoices(undefined, { roles: ['ROLE_ADMIN'], branches: [] })).toEqual([]);
    expect(branchChoices(branches, undefined)).toEqual([]);
  });
});
