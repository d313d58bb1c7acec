import type { OpeningHoursRule } from '@shop/contracts';
import { T } from '../../../texts';
import { ErrorText, invalidProps } from '../ErrorText';
import { RemoveCell, RowsTable, useRows } from './rows';

const TYPES = ['daily', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'once'] as const;
const R = T.rules as Record<string, string>;
type Rule = Partial<OpeningHoursRule> & { type: OpeningHoursRule['type'] };

/** A rule's type (once, daily or a weekday); the date stays only with 'once'. */
function RuleTypeCell({
  id,
  n,
  rule: r,
  error,
  onChange,
}: {
  id: string;
  n: number;
  rule: Rule;
  error?: string;
  onChange: (patch: Partial<Rule>) => void;
}) {
  return (
    <td data-label={T.rules.type}>
      <select
        id={id}
        aria-label={`${T.rules.type} ${n}`}
        {...invalidProps(id, error)}
        value={r.type}
        onChange={(e) =>
          onChange({
            type: e.target.value as Rule['type'],
            date: e.target.value === 'once' ? (r.date ?? null) : null,
          })
        }
      >
        {TYPES.map((t) => (
          <option key={t} value={t}>
            {R[t]}
          </option>
        ))}
      </select>
      <ErrorText id={id} message={error} />
    </td>
  );
}

/** One rule's cells: type, date (once), from, to and closed, each with the server's error below. */
function RuleRow({
  id,
  index: i,
  rule: r,
  errors,
  set,
  onRemove,
}: {
  id: string;
  index: number;
  rule: Rule;
  errors: Record<string, string>;
  set: (i: number, patch: Partial<Rule>) => void;
  onRemove: () => void;
}) {
  const rid = `${id}-${i}`;
  const n = i + 1;
  return (
    <tr>
      <RuleTypeCell id={`${rid}-type`} n={n} rule={r} error={errors[`${i}.type`]} onChange={(patch) => set(i, patch)} />
      <td data-label={T.rules.date}>
        {r.type === 'once' && (
          <input
            type="date"
            aria-label={`${T.rules.date} ${n}`}
            {...invalidProps(`${rid}-date`, errors[`${i}.date`])}
            value={r.date ?? ''}
            onChange={(e) => set(i, { date: e.target.value || null })}
          />
        )}
        <ErrorText id={`${rid}-date`} message={errors[`${i}.date`]} />
      </td>
      <td data-label={T.rules.from}>
        <input
          type="time"
          aria-label={`${T.rules.from} ${n}`}
          {...invalidProps(`${rid}-from`, errors[`${i}.from`])}
          value={r.from ?? ''}
          onChange={(e) => set(i, { from: e.target.value })}
        />
        <ErrorText id={`${rid}-from`} message={errors[`${i}.from`]} />
      </td>
      <td data-label={T.rules.to}>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]{2}:[0-9]{2}"
          aria-label={`${T.rules.to} ${n}`}
          {...invalidProps(`${rid}-to`, errors[`${i}.to`])}
          placeholder="24:00"
          value={r.to ?? ''}
          onChange={(e) => set(i, { to: e.target.value })}
        />
        <ErrorText id={`${rid}-to`} message={errors[`${i}.to`]} />
      </td>
      <td data-label={T.rules.isClosed}>
        <input
          type="checkbox"
          aria-label={`${T.rules.isClosed} ${n}`}
          checked={r.isClosed === true}
          onChange={(e) => set(i, { isClosed: e.target.checked })}
        />
      </td>
      <RemoveCell name={n} onRemove={onRemove} />
    </tr>
  );
}

/**
 * Opening hours, delivery hours and schedules in the rule form of storefront-presenter.md §3: type (once,
 * daily or a weekday), date (once), from, to, isClosed. A schedule may be absent (always available).
 */
export function RulesEditor({
  id,
  label,
  value,
  nullable,
  onChange,
  errors,
  error,
}: {
  id: string;
  label: string;
  value: Rule[] | null | undefined;
  nullable: boolean;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  const { rows: rules, set, remove, add } = useRows(value, onChange);
  return (
    <div className="rules-editor" id={id}>
      {nullable && (
        <label className="check" htmlFor={`${id}-use`}>
          <input
            id={`${id}-use`}
            type="checkbox"
            checked={value !== null && value !== undefined}
            onChange={(e) => onChange(e.target.checked ? [] : null)}
          />
          {T.rules.useSchedule} ({label})
        </label>
      )}
      {(value !== null && value !== undefined) || !nullable ? (
        <>
          <RowsTable
            className="data-table rules"
            headings={[T.rules.type, T.rules.date, T.rules.from, T.rules.to, T.rules.isClosed]}
          >
            {rules.map((r, i) => (
              <RuleRow key={i} id={id} index={i} rule={r} errors={errors} set={set} onRemove={() => remove(i)} />
            ))}
          </RowsTable>
          <button
            type="button"
            onClick={() => add({ type: 'daily', date: null, from: '09:00', to: '18:00', isClosed: false })}
          >
            {T.rules.addRule} ({label})
          </button>
        </>
      ) : (
        <p>{T.rules.alwaysAvailable}</p>
      )}
      <ErrorText id={id} message={error} />
    </div>
  );
}
