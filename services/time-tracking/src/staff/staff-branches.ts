import type { Provider } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { ServiceBus } from '@shop/server';

/** The branch list of a staff member (null: no such active user), asked on behalf of the acting staff member. */
export type StaffBranchesOf = (userId: number, actor: Actor) => Promise<number[] | null>;

export const STAFF_BRANCHES = 'TIME_TRACKING_STAFF_BRANCHES';

/**
 * Identity's answer for a user's branches (`identity.user.me`), for the branch managers' checks: a manager
 * issues, lists and revokes the access codes of the staff of their branches only.
 */
export function staffBranchesFromIdentity(bus: ServiceBus): StaffBranchesOf {
  return async (userId, actor) => {
    try {
      const user = await bus.request('identity.user.me', { id: userId }, actor);
      return user.branches.map((b) => b.id);
    } catch (err) {
      // identity answers an unknown, disabled, locked or expired user as one without a session
      if (['NOT_FOUND', 'UNAUTHENTICATED'].includes((err as { code?: string }).code ?? '')) return null;
      throw err;
    }
  };
}

export const staffBranchesProvider: Provider = {
  provide: STAFF_BRANCHES,
  inject: [ServiceBus],
  useFactory: staffBranchesFromIdentity,
};
