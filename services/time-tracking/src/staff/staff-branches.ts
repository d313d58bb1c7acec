import type { Provider } from '@nestjs/common';
import type { Actor, Role } from '@shop/contracts';
import { ServiceBus } from '@shop/server';

/** The branch list of a staff member (null: no such active user), asked on behalf of the acting staff member. */
export type StaffBranchesOf = (userId: number, actor: Actor) => Promise<number[] | null>;

/**
 * Identity's answer for a user, or null for one it does not know as active: it answers an unknown, disabled, locked
 * or expired user as one without a session.
 */
async function activeUser<U>(answer: Promise<U>): Promise<U | null> {
  try {
    return await answer;
  } catch (err) {
    if (['NOT_FOUND', 'UNAUTHENTICATED'].includes((err as { code?: string }).code ?? '')) return null;
    throw err;
  }
}

export const STAFF_BRANCHES = 'TIME_TRACKING_STAFF_BRANCHES';

/**
 * Identity's answer for a user's branches (`identity.user.me`), for the branch managers' checks: a manager
 * issues, lists and revokes the access codes of the staff of their branches only.
 */
export function staffBranchesFromIdentity(bus: ServiceBus): StaffBranchesOf {
  return async (userId, actor) => {
    const user = await activeUser(bus.request('identity.user.me', { id: userId }, actor));
    return user && user.branches.map((b) => b.id);
  };
}

export const staffBranchesProvider: Provider = {
  provide: STAFF_BRANCHES,
  inject: [ServiceBus],
  useFactory: staffBranchesFromIdentity,
};

/** Who holds a terminal code, as identity knows them now (roles, branches); null: no such active user. */
export type TerminalStaffOf = (userId: number) => Promise<{ roles: Role[]; branches: number[] } | null>;

export const TERMINAL_STAFF = 'TIME_TRACKING_TERMINAL_STAFF';

/**
 * Identity's answer for the employee at a terminal (`identity.user.me`), asked as this service: at a terminal no
 * staff member is logged in, the employee is known by their code only.
 */
export function terminalStaffFromIdentity(bus: ServiceBus): TerminalStaffOf {
  return async (userId) => {
    const user = await activeUser(bus.requestAsService('identity.user.me', { id: userId }));
    return user && { roles: user.roles, branches: user.branches.map((b) => b.id) };
  };
}

export const terminalStaffProvider: Provider = {
  provide: TERMINAL_STAFF,
  inject: [ServiceBus],
  useFactory: terminalStaffFromIdentity,
};
