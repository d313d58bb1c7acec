import { type Navigation } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { T } from '../../../texts';
import { useRowDelete } from '../../../ui/resource-state';
import { DataTable, ListHeader, LoadState } from '../list-tools';
import { useDocumentTitle } from '../use-content-editor';
import { useContentReadOnly } from '../content-permission';

const N = contentBuilderTexts.navigations;
const W = contentBuilderTexts.sites.websites;

/** #/navigations: the navigations of both websites (main-navigation, footer navigations …). */
export default function NavigationsPage() {
  const { data, error, mutate } = useSWR(apiUrl('/api/navigations', {}, { perPage: 500 }), (url) => api.get(url));
  useDocumentTitle(N.title);
  // issue 42: staff without the content permission read only
  const readOnly = useContentReadOnly();
  const deleting = useRowDelete<Navigation>('navigations', N.deleted, mutate);
  return (
    <section>
      <ListHeader title={N.title} to="/navigations/new" create={N.create} />
      <LoadState noun="navigations" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <DataTable columns={[N.identifier, N.website, N.items, T.list.actions]}>
          {data.map((nav) => (
            <tr key={nav.id}>
              <td data-label={N.identifier}>
                <Link to={`/navigations/${nav.id}`}>{nav.identifier}</Link>
              </td>
              <td data-label={N.website}>{W[nav.website]}</td>
              <td data-label={N.items}>{nav.items.length}</td>
              <td className="row-actions">
                <Link to={`/navigations/${nav.id}`} aria-label={`${T.list.edit}: ${nav.identifier}`}>
                  {T.list.edit}
                </Link>
                {!readOnly && deleting.button(nav, nav.identifier)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data?.length === 0 && <p>{N.empty}</p>}
      {deleting.dialog((nav) => format(N.deleteQuestion, { name: nav.identifier }))}
    </section>
  );
}
