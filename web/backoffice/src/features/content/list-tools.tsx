import { WEBSITES } from '@shop/contracts';
import { contentBuilderTexts, type ResourceNounKey } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { api, apiUrl } from '../../api/client';
import { useListParams } from '../../ui/list-filters';
import { Pager, type ListMeta } from '../../ui/Pager';
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

export { LoadState, useListParams };

/** The websites a site, navigation or redirect belongs to, as a select's options. */
export function WebsiteOptions() {
  return WEBSITES.map((w) => (
    <option key={w} value={w}>
      {contentBuilderTexts.sites.websites[w]}
    </option>
  ));
}

/** A list's table: a heading per column, the rows as given. */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A page of a list as the API answers it ({ data, meta }): the table with a row per entry, the list's text when the
 * page is empty, and the pager, which turns the address's `page`.
 */
export function PagedTable<E>({
  columns,
  list,
  empty,
  row,
}: {
  columns: readonly string[];
  list: { data: E[]; meta?: unknown };
  empty: string;
  /** the entry's row, with its key */
  row: (entry: E) => ReactNode;
}) {
  const { setParam } = useListParams();
  return (
    <>
      <DataTable columns={columns}>{list.data.map(row)}</DataTable>
      {list.data.length === 0 && <p>{empty}</p>}
      <Pager meta={list.meta as ListMeta | undefined} onPage={(p) => setParam('page', String(p))} />
    </>
  );
}

/** A list's heading with the link that creates a new entry. */
export function ListHeader({ title, to, create }: { title: string; to: string; create: string }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      <Link className="button primary" to={to}>
        {create}
      </Link>
    </div>
  );
}
