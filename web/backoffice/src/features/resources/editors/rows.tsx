import type { ReactNode } from 'react';
import { T } from '../../../texts';
import { TableHead } from '../../../ui/DataTable';
import { Options, type Choice } from '../../../ui/Options';
import { DecimalInput } from '../DecimalInput';
import { ErrorText, invalidProps } from '../ErrorText';

/** What the resource form hands a list field's editor (EditorField): its value, where changes go, its errors. */
export interface ListEditorProps<V> {
  id: string;
  value: V | null | undefined;
  onChange: (v: unknown) => void;
  /** the server's errors under the field, by row and key ('0.price') */
  errors: Record<string, string>;
  /** the server's error of the field as a whole */
  error?: string;
}

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
      <TableHead headings={[...headings, <span className="sr-only">{T.list.actions}</span>]} />
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

/** What names a row's cell and its control. */
export interface CellProps {
  /** the control's id, which its error's id is made from */
  id: string;
  /** the column's label */
  label: string;
  /** the row's number, counted from 1 (and whose row it is, where a form has several such lists) */
  n: number | string;
  error?: string;
}

/** What a cell's control gets: its name for screen readers ('Preis 2') and the tie to its error. */
export type ControlProps = { 'aria-label': string } & ReturnType<typeof invalidProps>;

/** A cell of a row: its control named for screen readers and marked invalid, the server's error for it below. */
export function Cell({
  id,
  label,
  n,
  error,
  children,
}: CellProps & { children: (control: ControlProps) => ReactNode }) {
  return (
    <td data-label={label}>
      {children({ 'aria-label': `${label} ${n}`, ...invalidProps(id, error) })}
      <ErrorText id={id} message={error} />
    </td>
  );
}

/** A cell with a decimal number of a row ('Preis 2'). */
export function DecimalCell({
  value,
  nullable,
  onValue,
  ...cell
}: CellProps & { value: unknown; nullable: boolean; onValue: (v: unknown) => void }) {
  return (
    <Cell {...cell}>
      {(control) => <DecimalInput {...control} value={value} nullable={nullable} onValue={onValue} />}
    </Cell>
  );
}

/** A cell with a choice of a row ('Einheit 2'). */
export function SelectCell({
  label,
  n,
  value,
  choices,
  onValue,
}: Omit<CellProps, 'id' | 'error'> & { value: string; choices: readonly Choice[]; onValue: (v: string) => void }) {
  return (
    <td data-label={label}>
      <select aria-label={`${label} ${n}`} value={value} onChange={(e) => onValue(e.target.value)}>
        <Options choices={choices} />
      </select>
    </td>
  );
}

/** A cell with a row's yes or no ('Geschlossen 2'). */
export function CheckCell({
  label,
  n,
  checked,
  onChecked,
}: Omit<CellProps, 'id' | 'error'> & { checked: boolean; onChecked: (checked: boolean) => void }) {
  return (
    <td data-label={label}>
      <input
        type="checkbox"
        aria-label={`${label} ${n}`}
        checked={checked}
        onChange={(e) => onChecked(e.target.checked)}
      />
    </td>
  );
}

/**
 * The core of a row editor (delivery areas, alternative units, rules): its rows (useRows), and each row's cells
 * named from `labels` by key, with the ids and the server's errors of the row's keys ('0.price' → 'f-x-0-price').
 */
export function useRowEditor<R extends object>(
  { id, value, onChange, errors }: ListEditorProps<R[]>,
  labels: Readonly<Record<string, string>>,
) {
  const rows = useRows(value, onChange);
  const cell = (i: number, key: keyof R & string): CellProps => ({
    id: `${id}-${i}-${key}`,
    label: labels[key],
    n: i + 1,
    error: errors[`${i}.${key}`],
  });
  /** a row's decimal number (a price, a quantity) */
  const decimal = (i: number, key: keyof R & string, nullable: boolean) => (
    <DecimalCell
      {...cell(i, key)}
      value={rows.rows[i][key]}
      nullable={nullable}
      onValue={(v) => rows.set(i, { [key]: v } as Partial<Record<keyof R, unknown>>)}
    />
  );
  /** a row's choice (a unit, a calculation model); `fallback` is shown while the row has none */
  const select = (i: number, key: keyof R & string, choices: readonly Choice[], fallback: string) => (
    <SelectCell
      label={labels[key]}
      n={i + 1}
      value={String(rows.rows[i][key] ?? fallback)}
      choices={choices}
      onValue={(v) => rows.set(i, { [key]: v } as Partial<Record<keyof R, unknown>>)}
    />
  );
  return { ...rows, cell, decimal, select };
}
