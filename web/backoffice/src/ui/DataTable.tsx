import type { ResourceNounKey } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Pager, type ListMeta } from './Pager';
import { LoadState } from './resource-state';

/** A column of a data table: its heading (also each cell's label on narrow screens) and its cell. */
export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  /** the row's links and buttons (edit, delete): a cell of its own kind, without the label on narrow screens */
  actions?: boolean;
}

/** A table's column headings (scope col); a heading may be an element, such as a name for screen readers only. */
export function TableHead({ headings }: { headings: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {headings.map((h, i) => (
          // the headings of a table stand in a fixed order
          <th key={i} scope="col">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One row of a PairTable: its key (the row's React key), what stands for the key, and its value. */
export interface Pair {
  key: string | number;
  name: ReactNode;
  value: ReactNode;
}

/**
 * A table of pairs under two headings: a key and its value (a log entry's context, a top list), a time and its
 * message (a device's log). `rowHeaders`: each key heads its row; `valueClass`: the value cells' class ('num').
 */
export function PairTable({
  className,
  headings,
  pairs,
  rowHeaders = false,
  valueClass,
}: {
  className?: string;
  headings: readonly [string, string];
  pairs: readonly Pair[];
  rowHeaders?: boolean;
  valueClass?: string;
}) {
  return (
    <table className={className}>
      <TableHead headings={headings} />
      <tbody>
        {pairs.map((p) => (
          <tr key={p.key}>
            {rowHeaders ? <th scope="row">{p.name}</th> : <td>{p.name}</td>}
            <td className={valueClass}>{p.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list's table: a row each, a cell each column, each cell labelled with its column for narrow screens. */
export function DataTable<R extends { id: number | string }>({ columns, rows }: { columns: Column<R>[]; rows: R[] }) {
  return (
    <table className="data-table">
      <TableHead headings={columns.map((c) => c.label)} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => (
              <td
                key={c.label}
                data-label={c.actions ? undefined : c.label}
                className={c.actions ? 'row-actions' : undefined}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A page of a list whose filters and page are in the address: its table, the text for none, and the pager. */
export function PagedTable<R extends { id: number | string }>({
  columns,
  list,
  empty,
}: {
  columns: Column<R>[];
  list: { data: R[]; meta?: unknown };
  empty: string;
}) {
  const [, setParams] = useSearchParams();
  return (
    <>
      <DataTable columns={columns} rows={list.data} />
      {list.data.length === 0 && <p>{empty}</p>}
      <Pager
        meta={list.meta as ListMeta | undefined}
        onPage={(p) =>
          setParams((prev) => {
            const n = new URLSearchParams(prev);
            n.set('page', String(p));
            return n;
          })
        }
      />
    </>
  );
}

/**
 * A list screen's page of a resource as usePagedList loads it: the loading notice or the load error (LoadState),
 * and the page once it is there (the page before stays on screen while the next loads).
 */
export function PagedList<R extends { id: number | string }>({
  list,
  columns,
  empty,
}: {
  list: { noun: ResourceNounKey; data?: { data: R[]; meta?: unknown }; error: unknown; mutate: () => unknown };
  columns: Column<R>[];
  empty: string;
}) {
  return (
    <>
      <LoadState noun={list.noun} loaded={Boolean(list.data)} error={list.error} retry={() => list.mutate()} />
      {list.data && <PagedTable columns={columns} list={list.data} empty={empty} />}
    </>
  );
}
