import { MODIFIERS, STEP_TYPES, type ConfigurationStep, type StepOption } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { f, T } from '../../../texts';
import { DecimalInput } from '../DecimalInput';
import { ErrorText } from '../ErrorText';

type Step = Partial<Omit<ConfigurationStep, 'options'>> & { options?: Array<Partial<StepOption>> };
type Entry = { key: string; step: Step };
const S = T.steps;
const TYPES = S.types as Record<string, string>;
const MODS = S.modifiers as Record<string, string>;
const withOptions = (type: string | undefined) => type === 'select' || type === 'multiselect';

const toEntries = (parts: Record<string, Step> | null | undefined): Entry[] =>
  Object.entries(parts ?? {}).map(([key, step]) => ({ key, step }));
const toRecord = (entries: Entry[]): Record<string, Step> => Object.fromEntries(entries.map((e) => [e.key, e.step]));

/**
 * The configuration-step editor of a product (storefront-presenter.md §3 "Configuration step", keyed by
 * step): key, type, name, description, optional and, for (multi)select steps, the options with their
 * price modifier (add, subtract, overwrite) and value.
 */
export function StepsEditor({
  id,
  value,
  onChange,
  errors,
  error,
}: {
  id: string;
  value: Record<string, Step> | null | undefined;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  // entries keep their order and allow a key being typed (briefly empty or equal to another)
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
  const setStep = (i: number, patch: Partial<Step>) =>
    update(entries.map((e, j) => (j === i ? { ...e, step: { ...e.step, ...patch } } : e)));
  const setOption = (i: number, k: number, patch: Partial<Record<keyof StepOption, unknown>>) =>
    setStep(i, {
      options: (entries[i].step.options ?? []).map((o, j) => (j === k ? { ...o, ...patch } : o)) as StepOption[],
    });
  const move = (i: number, d: -1 | 1) => {
    const next = [...entries];
    const [e] = next.splice(i, 1);
    next.splice(i + d, 0, e);
    update(next);
  };

  return (
    <div id={id} className="steps-editor">
      {entries.map((entry, i) => {
        const sid = `${id}-${i}`;
        const legend = f(S.stepN, { n: i + 1 }) + (entry.step.name ? `: ${entry.step.name}` : '');
        const err = (p: string) => errors[`${entry.key}.${p}`];
        return (
          <fieldset key={i} className="step">
            <legend>{legend}</legend>
            <div className="row">
              <div>
                <label htmlFor={`${sid}-key`}>{S.key}</label>
                <input
                  id={`${sid}-key`}
                  required
                  pattern="[A-Za-z0-9_\-]{1,64}"
                  value={entry.key}
                  onChange={(e) => update(entries.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))}
                />
              </div>
              <div>
                <label htmlFor={`${sid}-type`}>{S.type}</label>
                <select
                  id={`${sid}-type`}
                  value={entry.step.type ?? 'select'}
                  onChange={(e) => setStep(i, { type: e.target.value as Step['type'] })}
                >
                  {STEP_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPES[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${sid}-name`}>{S.name}</label>
                <input
                  id={`${sid}-name`}
                  required
                  aria-invalid={err('name') ? true : undefined}
                  aria-describedby={err('name') ? `${sid}-name-error` : undefined}
                  value={entry.step.name ?? ''}
                  onChange={(e) => setStep(i, { name: e.target.value })}
                />
                <ErrorText id={`${sid}-name`} message={err('name')} />
              </div>
            </div>
            <label htmlFor={`${sid}-description`}>{S.description}</label>
            <textarea
              id={`${sid}-description`}
              rows={2}
              value={entry.step.description ?? ''}
              onChange={(e) => setStep(i, { description: e.target.value || null })}
            />
            <label className="check" htmlFor={`${sid}-optional`}>
              <input
                id={`${sid}-optional`}
                type="checkbox"
                checked={entry.step.optional === true}
                onChange={(e) => setStep(i, { optional: e.target.checked })}
              />
              {S.optional}
            </label>
            {withOptions(entry.step.type) && (
              <table className="data-table">
                <caption>{S.options}</caption>
                <thead>
                  <tr>
                    <th scope="col">{S.optionName}</th>
                    <th scope="col">{S.modifier}</th>
                    <th scope="col">{S.value}</th>
                    <th scope="col">
                      <span className="sr-only">{T.list.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(entry.step.options ?? []).map((o, k) => (
                    <tr key={k}>
                      <td data-label={S.optionName}>
                        <input
                          aria-label={`${S.optionName} ${k + 1} (${legend})`}
                          aria-invalid={err(`options.${k}.name`) ? true : undefined}
                          aria-describedby={err(`options.${k}.name`) ? `${sid}-o${k}-name-error` : undefined}
                          value={o.name ?? ''}
                          onChange={(e) => setOption(i, k, { name: e.target.value })}
                        />
                        <ErrorText id={`${sid}-o${k}-name`} message={err(`options.${k}.name`)} />
                      </td>
                      <td data-label={S.modifier}>
                        <select
                          aria-label={`${S.modifier} ${k + 1} (${legend})`}
                          value={o.modifier ?? 'add'}
                          onChange={(e) => setOption(i, k, { modifier: e.target.value })}
                        >
                          {MODIFIERS.map((m) => (
                            <option key={m} value={m}>
                              {MODS[m]}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td data-label={S.value}>
                        <DecimalInput
                          aria-label={`${S.value} ${k + 1} (${legend})`}
                          aria-invalid={err(`options.${k}.value`) ? true : undefined}
                          aria-describedby={err(`options.${k}.value`) ? `${sid}-o${k}-value-error` : undefined}
                          value={o.value}
                          nullable={false}
                          onValue={(v) => setOption(i, k, { value: v })}
                        />
                        <ErrorText id={`${sid}-o${k}-value`} message={err(`options.${k}.value`)} />
                      </td>
                      <td>
                        <button
                          type="button"
                          onClick={() =>
                            setStep(i, {
                              options: (entry.step.options ?? []).filter((_, j) => j !== k) as StepOption[],
                            })
                          }
                        >
                          {T.list.remove}
                          <span className="sr-only"> {o.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {withOptions(entry.step.type) && (
              <button
                type="button"
                onClick={() =>
                  setStep(i, {
                    options: [...(entry.step.options ?? []), { name: '', modifier: 'add', value: 0 }] as StepOption[],
                  })
                }
              >
                {S.addOption}
                <span className="sr-only"> ({legend})</span>
              </button>
            )}
            <ErrorText id={`${sid}-options`} message={err('options')} />
            <div className="form-actions">
              <button type="button" disabled={i === 0} onClick={() => move(i, -1)}>
                {T.list.moveUp}
                <span className="sr-only"> ({legend})</span>
              </button>
              <button type="button" disabled={i === entries.length - 1} onClick={() => move(i, 1)}>
                {T.list.moveDown}
                <span className="sr-only"> ({legend})</span>
              </button>
              <button type="button" className="danger" onClick={() => update(entries.filter((_, j) => j !== i))}>
                {T.list.remove}
                <span className="sr-only"> ({legend})</span>
              </button>
            </div>
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
