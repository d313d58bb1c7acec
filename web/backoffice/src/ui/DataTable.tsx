import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Pager, type ListMeta } from './Pager';

/** A column of a data table: its heading (also each cell's label on narrow screens) and its cell. */
export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
}

/** A list's table: a row each, a cell each column, each cell labelled with its column for narrow screens. */
export function DataTable<R extends { id: number | string }>({ columns, rows }: { columns: Column<R>[]; rows: R[] }) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label}>
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
