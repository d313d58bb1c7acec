import type { User } from '@shop/contracts';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';

/**
 * The staff members (one request for the whole screen, not one per row), optionally of one branch: the time
 * sheets and the planner name people instead of showing their ids.
 */
export function useStaff(branch?: number) {
  const query = branch ? { perPage: 500, branch } : { perPage: 500 };
  return useSWR(apiUrl('/api/users', {}, query), (url) => api.get(url), { revalidateOnFocus: false });
}

/** 'Anna Muster' (the display name, else the username), '#7' for someone not (or no longer) listed */
export function staffName(users: readonly User[] | undefined, id: number): string {
  const u = users?.find((x) => x.id === id);
  return u ? u.displayName || u.username : `#${id}`;
}
