import { WEBSITES } from '@shop/contracts';
import { contentBuilderTexts, type ResourceNounKey } from '@shop/i18n-de';
import { useSearchParams } from 'react-router-dom';
import { api, apiUrl } from '../../api/client';
import { LoadState, useConfirmedDelete } from '../../ui/resource-state';

type Deletable = 'sites' | 'nodes' | 'navigations' | 'redirects';

/** The list's filters in the address (back and forward work); a changed filter goes back to page 1. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (k: string, v: string) =>
    setParams((prev) => {
      const n = new URLSearchParams(prev);
      if (v) n.set(k, v);
      else n.delete(k);
      if (k !== 'page') n.delete('page');
      return n;
    });
  return { params, setParam };
}

/** Deleting a row of a content list (see useConfirmedDelete). */
export function useDelete<E extends { id: number }>(
  resource: Deletable,
  noun: ResourceNounKey,
  deletedText: string,
  reload: () => unknown,
) {
  return useConfirmedDelete<E>(
    noun,
    (row) => api.delete(apiUrl(`/api/${resource}/{id}`, { id: row.id })),
    deletedText,
    reload,
  );
}

export { LoadState };

/** The websites a site, navigation or redirect belongs to, as a select's options. */
export function WebsiteOptions() {
  return WEBSITES.map((w) => (
    <option key={w} value={w}>
      {contentBuilderTexts.sites.websites[w]}
    </option>
  ));
}
