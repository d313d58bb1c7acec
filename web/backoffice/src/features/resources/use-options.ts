import useSWR from 'swr';
import type { CrudResourceName } from '@shop/contracts';
import { api, apiUrl } from '../../api/client';
import { asEntity } from './path';
import type { Option } from './types';

/** Choices from another resource's list (id → name), for references and filters. */
export function useResourceOptions(resource: CrudResourceName | undefined): Option[] {
  const { data } = useSWR(resource ? apiUrl(`/api/${resource}`, {}, { perPage: 500 }) : null, (url) => api.get(url), {
    revalidateOnFocus: false,
  });
  return (data ?? [])
    .map(asEntity)
    .map((r) => ({ value: String(r.id), label: String(r.name ?? r.username ?? r.identifier ?? r.id) }));
}
