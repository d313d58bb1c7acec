import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError, apiUrl } from '../../api/client';
import { f, resourceFailure, T } from '../../texts';
import { Dialog } from '../../ui/Dialog';
import { Filter as UiFilter } from '../../ui/filter-form';
import { SearchForm, useListParams } from '../../ui/list-filters';
import { LoadError, useNotices } from '../../ui/notices';
import { Pager, type ListMeta } from '../../ui/Pager';
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
  const id = `filter-${filter.name}`;
  return (
    <UiFilter id={id} label={filter.label}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{T.list.any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </UiFilter>
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
      <thead>
        <tr>
          {def.columns.map((c) => (
            <th key={c.name} scope="col">
              {c.label}
            </th>
          ))}
          <th scope="col">{T.list.actions}</th>
        </tr>
      </thead>
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
  const { params, setParam } = useListParams();
  const [deleting, setDeleting] = useState<Record<string, unknown> | null>(null);
  const notices = useNotices();
  const { data: me } = useMe();
  const { mutate: mutateAll } = useSWRConfig();
  const query: Record<string, string> = { page: params.get('page') ?? '1', perPage: String(PER_PAGE) };
  for (const [k, v] of params) if (k !== 'page' && v) query[k] = v;
  const { data, error, mutate } = useSWR(
    apiUrl(`/api/${def.name}`, {}, query),
    (url) => api.list(url).then((r) => ({ ...r, data: r.data.map(asEntity) })),
    { keepPreviousData: true },
  );

  const remove = async (row: Record<string, unknown>): Promise<void> => {
    setDeleting(null);
    try {
      await api.delete(apiUrl(`/api/${def.name}/{id}`, { id: String(row.id) }));
      notices.success(T.app.deleted);
      void mutateAll((k) => typeof k === 'string' && k.startsWith(`/api/${def.name}`));
    } catch (err) {
      const message =
        err instanceof ApiError
          ? err.messageOr(resourceFailure(def.noun, 'delete'))
          : resourceFailure(def.noun, 'delete');
      notices.error(message, () => remove(row), err);
    }
  };

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
      {error && <LoadError message={resourceFailure(def.noun, 'load')} retry={() => mutate()} error={error} />}
      {!data && !error && <p role="status">{T.app.loading}</p>}
      {data && (
        <>
          <ResourceTable def={def} rows={data.data} onDelete={setDeleting} />
          {data.data.length === 0 && <p>{T.list.empty}</p>}
          <Pager meta={data.meta as ListMeta | undefined} onPage={(p) => setParam('page', String(p))} />
        </>
      )}
      {deleting && (
        <Dialog title={f(T.list.deleteQuestion, { name: def.title(deleting) })} onClose={() => setDeleting(null)}>
          <div className="form-actions">
            <button type="button" className="danger" onClick={() => void remove(deleting)}>
              {T.list.delete}
            </button>
            <button type="button" onClick={() => setDeleting(null)}>
              {T.orders.abort}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
