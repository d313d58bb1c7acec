import type { ReactNode } from 'react';
import { T } from '../../../texts';
import { DecimalInput } from '../DecimalInput';
import { ErrorText, invalidProps } from '../ErrorText';

/** The rows of a list field (units, areas, rules, options): change one, remove one, add one. */
export function useRows<R>(value: R[] | null | undefined, onChange: (rows: R[]) => void) {
  const rows = value ?? [];
  return {
    rows,
    set: (i: number, patch: Partial<Record<keyof R, unknown>>) =>
      onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))),
    remove: (i: number) => onChange(rows.filter((_, j) => j !== i)),
    add: (row: R) => onChange([...rows, row]),
  };
}

/** A list field's table: a column each heading and one for the row's buttons; the rows as given. */
export function RowsTable({
  headings,
  caption,
  className = 'data-table',
  children,
}: {
  headings: string[];
  caption?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {headings.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
          <th scope="col">
            <span className="sr-only">{T.list.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The cell with a row's 'Entfernen' button, named for screen readers by what it removes. */
export function RemoveCell({ name, onRemove }: { name: ReactNode; onRemove: () => void }) {
  return (
    <td>
      <button type="button" onClick={onRemove}>
        {T.list.remove}
        <span className="sr-only"> {name}</span>
      </button>
    </td>
  );
}

/** A cell with a decimal number of a row ('Preis 2'), with the server's error for it below. */
export function DecimalCell({
  id,
  label,
  n,
  value,
  nullable,
  error,
  onValue,
}: {
  /** the control's id, which its error's id is made from */
  id: string;
  label: string;
  /** the row's number, counted from 1 */
  n: number;
  value: unknown;
  nullable: boolean;
  error?: string;
  onValue: (v: unknown) => void;
}) {
  return (
    <td data-label={label}>
      <DecimalInput
        aria-label={`${label} ${n}`}
        {...invalidProps(id, error)}
        value={value}
        nullable={nullable}
        onValue={onValue}
      />
      <ErrorText id={id} message={error} />
    </td>
  );
}
