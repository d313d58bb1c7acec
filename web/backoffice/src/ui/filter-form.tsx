import { useEffect, type ComponentProps, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useContractForm, type ContractSchema } from './contract-form';
import { Options, type Choice } from './Options';

/** A filter form's values: each filter as its control holds it, '' for none. */
export type FilterValues<K extends string> = Record<K, string>;

/**
 * A list query contract's filters (ListQuery, LogListQuery, OrderListQuery …) as a filter form holds them: each one
 * the contract's own check, or '' for none. `local` names the filters whose control holds another form than the
 * query (a local date the list turns into an instant): those are any text.
 */
export function filterSchema<K extends string>(
  query: z.ZodObject,
  names: readonly K[],
  local: readonly K[] = [],
): ContractSchema<FilterValues<K>> {
  const field = (name: K) => (local.includes(name) ? z.string() : z.union([z.literal(''), query.shape[name]]));
  return z.object(Object.fromEntries(names.map((n) => [n, field(n)]))) as unknown as ContractSchema<FilterValues<K>>;
}

/** The address's filters, trimmed, without the empty ones. */
export const appliedFilters = (values: FieldValues): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, String(v ?? '').trim()])
      .filter(([, v]) => v),
  );

/**
 * A list's filter form on react-hook-form, checked with its query contract (useContractForm): the filters of the
 * address, editable until sent. Sending puts them in the address (trimmed, the empty ones left out; by default the
 * address holds nothing else, so the list starts at page 1). The form follows the address, so going back and forward
 * in the browser shows the filters of the list on screen.
 */
export function useFilterForm<K extends string>(
  schema: ContractSchema<FilterValues<K>>,
  names: readonly K[],
  apply?: (values: FilterValues<K>) => void,
) {
  const [params, setParams] = useSearchParams();
  const applied = JSON.stringify(names.map((k) => params.get(k) ?? ''));
  const fromAddress = (json: string) =>
    Object.fromEntries((JSON.parse(json) as string[]).map((v, i) => [names[i], v])) as FilterValues<K>;
  const { form, onSubmit } = useContractForm(schema, {
    defaultValues: fromAddress(applied) as never,
    send: async (values) => (apply ? apply(values) : setParams(appliedFilters(values))),
    // a filter is only put in the address: the list's own load reports what the server refuses
    failed: () => undefined,
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the form follows the address (by value: applied), see above
  useEffect(() => form.reset(fromAddress(applied) as never), [form, applied]);
  return { form, onSubmit };
}

/** One labelled filter of a filter bar. */
export function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <span className="filter">
      <label htmlFor={id}>{label}</label>
      {children}
    </span>
  );
}

/** A control's own props in a filter bar: a filter form's register, or a value and its onChange. */
type InputProps = Omit<ComponentProps<'input'>, 'id'>;

/** A filter bar's input (a search, a date). */
export function InputFilter({ id, label, ...input }: { id: string; label: string } & InputProps) {
  return (
    <Filter id={id} label={label}>
      <input id={id} {...input} />
    </Filter>
  );
}

/** A filter bar's choice: `any` (none chosen) first, then the choices. */
export function SelectFilter({
  id,
  label,
  any,
  choices,
  ...select
}: { id: string; label: string; any: string; choices: readonly Choice[] } & Omit<ComponentProps<'select'>, 'id'>) {
  return (
    <Filter id={id} label={label}>
      <select id={id} {...select}>
        <option value="">{any}</option>
        <Options choices={choices} />
      </select>
    </Filter>
  );
}

/**
 * A filter bar's period: its first and its last day (or moment), the inputs '<id>-from' and '<id>-to'; `inputs`
 * gives each its own props (a filter form's register, or a value with its bounds and onChange).
 */
export function PeriodFilter({
  id,
  type,
  labels: [fromLabel, toLabel],
  inputs,
}: {
  id: string;
  type: 'date' | 'datetime-local';
  labels: readonly [string, string];
  inputs: (end: 'from' | 'to') => InputProps;
}) {
  return (
    <>
      <InputFilter id={`${id}-from`} label={fromLabel} type={type} {...inputs('from')} />
      <InputFilter id={`${id}-to`} label={toLabel} type={type} {...inputs('to')} />
    </>
  );
}
