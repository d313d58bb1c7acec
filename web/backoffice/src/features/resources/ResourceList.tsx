import { Link } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiUrl } from '../../api/client';
import { f, T } from '../../texts';
import { TableHead } from '../../ui/DataTable';
import { SelectFilter } from '../../ui/filter-form';
import { SearchForm, useListParams } from '../../ui/list-filters';
import { Pager, type ListMeta } from '../../ui/Pager';
import { LoadState, useConfirmedDelete } from '../../ui/resource-state';
import { useMe } from '../auth/use-me';
import { ProductLabelButtons } from '../products/ProductLabelButtons';
import { accessTo } from './access';
import { asEntity } from './path';
import type { Filter, ResourceDef } from './types';
import { useResourceOptions } from './use-options';

const PER_PAGE = 25;

function FilterSelect({ filter, value, onChange }: { filter: Filter; value: string; onChange: (v: string) => void }) {
  const fromResource = useResourceOptions(filter.resource);
  const options = filter.options ?? fromResource;
  return (
    <SelectFilter
      id={`filter-${filter.name}`}
      label={filter.label}
      any={T.list.any}
      choices={options}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

type Entity = Record<string, unknown>;

/** One entity of the list: its columns (the first links to its form), edit or view, and delete where allowed. */
function ResourceRow({ def, row, onDelete }: { def: ResourceDef; row: Entity; onDelete: (row: Entity) => void }) {
  const { data: me } = useMe();
  const may = accessTo(def, me, row);
  const cell = (c: ResourceDef['columns'][number]) => (c.render ? c.render(row) : String(row[c.name] ?? '–'));
  return (
    <tr>
      {def.columns.map((c, i) => (
        <td key={c.name} data-label={c.label}>
          {i === 0 ? <Link to={`/${def.name}/${row.id}`}>{cell(c)}</Link> : cell(c)}
        </td>
      ))}
      <td className="row-actions">
        <Link to={`/${def.name}/${row.id}`} aria-label={`${may.change ? T.list.edit : T.list.view}: ${def.title(row)}`}>
          {may.change ? T.list.edit : T.list.view}
        </Link>
        {may.delete && (
          <button
            type="button"
            className="danger"
            aria-label={`${T.list.delete}: ${def.title(row)}`}
            onClick={() => onDelete(row)}
          >
            {T.list.delete}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The list's table: the resource's columns and the row actions. */
function ResourceTable({ def, rows, onDelete }: { def: ResourceDef; rows: Entity[]; onDelete: (row: Entity) => void }) {
  return (
    <table className="data-table">
      <TableHead headings={[...def.columns.map((c) => c.label), T.list.actions]} />
      <tbody>
        {rows.map((row) => (
          <ResourceRow key={String(row.id)} def={def} row={row} onDelete={onDelete} />
        ))}
      </tbody>
    </table>
  );
}

/** A resource's list: search, filters, paging, edit and delete (backoffice-platform.md §7 "Standard CRUD"). */
export function ResourceList({ def }: { def: ResourceDef }) {
  const { params, setParam, page } = useListParams();
  const { data: me } = useMe();
  const { mutate: mutateAll } = useSWRConfig();
  const query: Record<string, string> = { page, perPage: String(PER_PAGE) };
  for (const [k, v] of params) if (k !== 'page' && v) query[k] = v;
  const { data, error, mutate } = useSWR(
    apiUrl(`/api/${def.name}`, {}, query),
    (url) => api.list(url).then((r) => ({ ...r, data: r.data.map(asEntity) })),
    { keepPreviousData: true },
  );

  const deleting = useConfirmedDelete<Entity>(
    def.noun,
    (row) => api.delete(apiUrl(`/api/${def.name}/{id}`, { id: String(row.id) })),
    T.app.deleted,
    () => mutateAll((k) => typeof k === 'string' && k.startsWith(`/api/${def.name}`)),
  );

  return (
    <section>
      <div className="page-header">
        <h1>{def.plural}</h1>
        {def.name === 'products' && <ProductLabelButtons />}
        {accessTo(def, me, null).create && (
          <Link className="button primary" to={`/${def.name}/new`}>
            {T.list.create}
          </Link>
        )}
      </div>
      <div className="filters">
        <SearchForm id="list-search" label={T.list.search} className="filter" />
        {def.filters?.map((flt) => (
          <FilterSelect
            key={flt.name}
            filter={flt}
            value={params.get(flt.name) ?? ''}
            onChange={(v) => setParam(flt.name, v)}
          />
        ))}
      </div>
      <LoadState noun={def.noun} loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <>
          <ResourceTable def={def} rows={data.data} onDelete={deleting.ask} />
          {data.data.length === 0 && <p>{T.list.empty}</p>}
          <Pager meta={data.meta as ListMeta | undefined} onPage={(p) => setParam('page', String(p))} />
        </>
      )}
      {deleting.dialog((row) => f(T.list.deleteQuestion, { name: def.title(row) }))}
    </section>
  );
}
