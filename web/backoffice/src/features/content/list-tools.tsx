import { WEBSITES } from '@shop/contracts';
import { contentBuilderTexts, type ResourceNounKey } from '@shop/i18n-de';
import { api, apiUrl } from '../../api/client';
import { LoadState, useConfirmedDelete } from '../../ui/resource-state';

type Deletable = 'sites' | 'nodes' | 'navigations' | 'redirects';

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
export { useListParams } from '../../ui/list-filters';

/** The websites a site, navigation or redirect belongs to, as a select's options. */
export function WebsiteOptions() {
  return WEBSITES.map((w) => (
    <option key={w} value={w}>
      {contentBuilderTexts.sites.websites[w]}
    </option>
  ));
}
