import useSWR from 'swr';
import { api } from '../../api/client';
import type { Option } from './types';

/** Choices from another resource's list (id → name), for references and filters. */
export function useResourceOptions(resource: string | undefined): Option[] {
  const { data } = useSWR<Array<Record<string, unknown>>>(resource ? `/api/${resource}?perPage=500` : null, (k: string) => api.get<Array<Record<string, unknown>>>(k), {
    revalidateOnFocus: false,
  });
  return (data ?? []).map((r) => ({ value: String(r.id), label: String(r.name ?? r.username ?? r.identifier ?? r.id) }));
}
