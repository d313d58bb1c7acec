import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuLinks } from '../../test/menu-links';

/** the time-tracking links the menu offers a staff member with these roles */
async function timeTrackingLinks(roles: string[]): Promise<string[]> {
  return (await menuLinks(roles))
    .map((a) => a.getAttribute('href') ?? '')
    .filter((href) =>
      ['/time-tracking', '/working-activities', '/projects', '/tasks', '/working-time-settings'].some((p) =>
        href.startsWith(p),
      ),
    );
}

/**
 * Issue 19: the team sheet, the planner, projects and tasks, the access codes and the division's law rules are
 * for administrators; branch managers (ROLE_BRANCH_MANAGER) get all but the law rules, for their branches;
 * employees get 'Meine Zeiten'.
 */
describe('issue 19: the time-tracking menu per role', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  // issue 41: everyone sees the working activities (an employee their own, to request corrections); absences are
  // booked by administrators and branch managers
  it("an employee sees only 'Meine Zeiten' and the working activities", async () => {
    expect(await timeTrackingLinks(['ROLE_EMPLOYEE'])).toEqual(['/time-tracking', '/working-activities']);
  });

  it('an administrator sees the team sheet, codes, planner, projects, tasks and the law rules', async () => {
    expect(await timeTrackingLinks(['ROLE_ADMIN'])).toEqual([
      '/time-tracking',
      '/working-activities',
      '/time-tracking/team',
      '/time-tracking/access-tokens',
      '/time-tracking/planner',
      '/time-tracking/absences',
      '/projects',
      '/tasks',
      '/working-time-settings',
    ]);
  });

  it('a branch manager sees the team sheet, codes, planner, projects and tasks, not the law rules', async () => {
    expect(await timeTrackingLinks(['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'])).toEqual([
      '/time-tracking',
      '/working-activities',
      '/time-tracking/team',
      '/time-tracking/access-tokens',
      '/time-tracking/planner',
      '/time-tracking/absences',
      '/projects',
      '/tasks',
    ]);
  });
});
