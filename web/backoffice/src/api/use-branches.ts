import type { Branch } from '@shop/contracts';
import useSWR from 'swr';
import { api, apiUrl } from './client';

export const BRANCHES_KEY = apiUrl('/api/branches', {}, { perPage: 500 });

/** Every branch (staff see non-public ones too), for names and branch filters. */
export function useBranches() {
  return useSWR(BRANCHES_KEY, (url) => api.get(url), { revalidateOnFocus: false });
}

export function branchName(branches: Branch[] | undefined, id: number): string {
  return branches?.find((b) => b.id === id)?.name ?? `#${id}`;
}
