import { MODIFIERS, STEP_TYPES, type ConfigurationStep, type StepOption } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { f, T } from '../../../texts';
import { labelled, Options } from '../../../ui/Options';
import { ErrorText, invalidProps } from '../ErrorText';
import { Cell, DecimalCell, RemoveCell, RowsTable, SelectCell, useRows, type ListEditorProps } from './rows';

type Step = Partial<Omit<ConfigurationStep, 'options'>> & { options?: Array<Partial<StepOption>> };
type Entry = { key: string; step: Step };
const S = T.steps;
const TYPE_CHOICES = labelled(STEP_TYPES, S.types);
const MODIFIER_CHOICES = labelled(MODIFIERS, S.modifiers);
const withOptions = (type: string | undefined) => type === 'select' || type === 'multiselect';

const toEntries = (parts: Record<string, Step> | null | undefined): Entry[] =>
  Object.entries(parts ?? {}).map(([key, step]) => ({ key, step }));
const toRecord = (entries: Entry[]): Record<string, Step> => Object.fromEntries(entries.map((e) => [e.key, e.step]));

/** A (multi)select step's options: name, price modifier and value, each with the server's error below. */
function StepOptions({
  sid,
  legend,
  options,
  err,
  onChange,
}: {
  sid: string;
  legend: string;
  options: Array<Partial<StepOption>>;
  err: (path: string) => string | undefined;
  onChange: (options: StepOption[]) => void;
}) {
  const { rows, set, remove, add } = useRows(options, (next) => onChange(next as StepOption[]));
  return (
    <>
      <RowsTable caption={S.options} headings={[S.optionName, S.modifier, S.value]}>
        {rows.map((o, k) => {
          const n = `${k + 1} (${legend})`;
          return (
            <tr key={k}>
              <Cell id={`${sid}-o${k}-name`} label={S.optionName} n={n} error={err(`options.${k}.name`)}>
                {(control) => (
                  <input {...control} value={o.name ?? ''} onChange={(e) => set(k, { name: e.target.value })} />
                )}
              </Cell>
              <SelectCell
                label={S.modifier}
                n={n}
                value={o.modifier ?? 'add'}
                choices={MODIFIER_CHOICES}
                onValue={(modifier) => set(k, { modifier })}
              />
              <DecimalCell
                id={`${sid}-o${k}-value`}
                label={S.value}
                n={n}
                value={o.value}
                nullable={false}
                error={err(`options.${k}.value`)}
                onValue={(v) => set(k, { value: v })}
              />
              <RemoveCell name={o.name} onRemove={() => remove(k)} />
            </tr>
          );
        })}
      </RowsTable>
      <button type="button" onClick={() => add({ name: '', modifier: 'add', value: 0 })}>
        {S.addOption}
        <span className="sr-only"> ({legend})</span>
      </button>
    </>
  );
}

/** A step's own fields: key, type, name, description and optional. */
function StepFields({
  sid,
  entry,
  err,
  onKey,
  setStep,
}: {
  sid: string;
  entry: Entry;
  err: (path: string) => string | undefined;
  onKey: (key: string) => void;
  setStep: (patch: Partial<Step>) => void;
}) {
  return (
    <>
      <div className="row">
        <div>
          <label htmlFor={`${sid}-key`}>{S.key}</label>
          <input
            id={`${sid}-key`}
            required
            pattern="[A-Za-z0-9_\-]{1,64}"
            value={entry.key}
            onChange={(e) => onKey(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${sid}-type`}>{S.type}</label>
          <select
            id={`${sid}-type`}
            value={entry.step.type ?? 'select'}
            onChange={(e) => setStep({ type: e.target.value as Step['type'] })}
          >
            <Options choices={TYPE_CHOICES} />
          </select>
        </div>
        <div>
          <label htmlFor={`${sid}-name`}>{S.name}</label>
          <input
            id={`${sid}-name`}
            required
            {...invalidProps(`${sid}-name`, err('name'))}
            value={entry.step.name ?? ''}
            onChange={(e) => setStep({ name: e.target.value })}
          />
          <ErrorText id={`${sid}-name`} message={err('name')} />
        </div>
      </div>
      <label htmlFor={`${sid}-description`}>{S.description}</label>
      <textarea
        id={`${sid}-description`}
        rows={2}
        value={entry.step.description ?? ''}
        onChange={(e) => setStep({ description: e.target.value || null })}
      />
      <label className="check" htmlFor={`${sid}-optional`}>
        <input
          id={`${sid}-optional`}
          type="checkbox"
          checked={entry.step.optional === true}
          onChange={(e) => setStep({ optional: e.target.checked })}
        />
        {S.optional}
      </label>
    </>
  );
}

/** A step's buttons: move up, move down, remove, each named with the step's legend for screen readers. */
function StepButtons({
  legend,
  first,
  last,
  onMove,
  onRemove,
}: {
  legend: string;
  first: boolean;
  last: boolean;
  onMove: (d: -1 | 1) => void;
  onRemove: () => void;
}) {
  const named = <span className="sr-only"> ({legend})</span>;
  return (
    <div className="form-actions">
      <button type="button" disabled={first} onClick={() => onMove(-1)}>
        {T.list.moveUp}
        {named}
      </button>
      <button type="button" disabled={last} onClick={() => onMove(1)}>
        {T.list.moveDown}
        {named}
      </button>
      <button type="button" className="danger" onClick={onRemove}>
        {T.list.remove}
        {named}
      </button>
    </div>
  );
}

/** The entries of the editor: they keep their order and allow a key being typed (briefly empty or equal to another). */
function useStepEntries(value: Record<string, Step> | null | undefined, onChange: (v: unknown) => void) {
  const [entries, setEntries] = useState<Entry[]>(() => toEntries(value));
  const external = JSON.stringify(value ?? {});
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the entries follow an entity replaced from outside (load, paste)
    if (JSON.stringify(toRecord(entries)) !== external) setEntries(toEntries(value));
    // only when the entity is replaced from outside (load, paste)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [external]);
  const update = (next: Entry[]) => {
    setEntries(next);
    onChange(toRecord(next));
  };
  const setEntry = (i: number, patch: Partial<Entry>) =>
    update(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...entries];
    const [e] = next.splice(i, 1);
    next.splice(i + d, 0, e);
    update(next);
  };
  return { entries, update, setEntry, move };
}

/**
 * The configuration-step editor of a product (storefront-presenter.md §3 "Configuration step", keyed by
 * step): key, type, name, description, optional and, for (multi)select steps, the options with their
 * price modifier (add, subtract, overwrite) and value.
 */
export function StepsEditor({ id, value, onChange, errors, error }: ListEditorProps<Record<string, Step>>) {
  const { entries, update, setEntry, move } = useStepEntries(value, onChange);
  return (
    <div id={id} className="steps-editor">
      {entries.map((entry, i) => {
        const sid = `${id}-${i}`;
        const legend = f(S.stepN, { n: i + 1 }) + (entry.step.name ? `: ${entry.step.name}` : '');
        const err = (p: string) => errors[`${entry.key}.${p}`];
        const setStep = (patch: Partial<Step>) => setEntry(i, { step: { ...entry.step, ...patch } });
        return (
          <fieldset key={i} className="step">
            <legend>{legend}</legend>
            <StepFields sid={sid} entry={entry} err={err} onKey={(key) => setEntry(i, { key })} setStep={setStep} />
            {withOptions(entry.step.type) && (
              <StepOptions
                sid={sid}
                legend={legend}
                options={entry.step.options ?? []}
                err={err}
                onChange={(options) => setStep({ options })}
              />
            )}
            <ErrorText id={`${sid}-options`} message={err('options')} />
            <StepButtons
              legend={legend}
              first={i === 0}
              last={i === entries.length - 1}
              onMove={(d) => move(i, d)}
              onRemove={() => update(entries.filter((_, j) => j !== i))}
            />
          </fieldset>
        );
      })}
      <button
        type="button"
        onClick={() =>
          update([
            ...entries,
            {
              key: `schritt-${entries.length + 1}`,
              step: { type: 'select', name: '', description: null, optional: false, options: [] },
            },
          ])
        }
      >
        {S.addStep}
      </button>
      <ErrorText id={id} message={error} />
    </div>
  );
}
