import type { Branch } from '@shop/contracts';
import useSWR from 'swr';
import { api } from './client';

export const BRANCHES_KEY = '/api/branches?perPage=500';

/** Every branch (staff see non-public ones too), for names and branch filters. */
export function useBranches() {
  return useSWR<Branch[]>(BRANCHES_KEY, (k: string) => api.get<Branch[]>(k), { revalidateOnFocus: false });
}

export function branchName(branches: Branch[] | undefined, id: number): string {
  return branches?.find((b) => b.id === id)?.name ?? `#${id}`;
}
