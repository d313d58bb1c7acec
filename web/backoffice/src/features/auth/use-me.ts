import type { User } from '@shop/contracts';
import useSWR from 'swr';
import { api } from '../../api/client';

export const ME_KEY = '/api/users/me' as const;

/** The logged-in staff member (a 401 sends the browser to the login page). */
export function useMe() {
  return useSWR(ME_KEY, (url) => api.get(url), { revalidateOnFocus: false });
}

export function isAdmin(user: Pick<User, 'roles'> | null | undefined): boolean {
  return !!user?.roles.includes('ROLE_ADMIN');
}

/** backoffice-platform.md §6: a user counts as branch employee for a branch if the user's branches include it. */
export function isBranchEmployee(user: Pick<User, 'branches'> | null | undefined, branchId: number): boolean {
  return !!user?.branches.some((b) => b.id === branchId);
}
