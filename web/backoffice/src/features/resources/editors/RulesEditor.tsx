import type { OpeningHoursRule } from '@shop/contracts';
import { T } from '../../../texts';
import { ErrorText, invalidProps } from '../ErrorText';

const TYPES = ['daily', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'once'] as const;
const R = T.rules as Record<string, string>;
type Rule = Partial<OpeningHoursRule> & { type: OpeningHoursRule['type'] };

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
  const rules = value ?? [];
  const set = (i: number, patch: Partial<Rule>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
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
          <table className="data-table rules">
            <thead>
              <tr>
                <th scope="col">{T.rules.type}</th>
                <th scope="col">{T.rules.date}</th>
                <th scope="col">{T.rules.from}</th>
                <th scope="col">{T.rules.to}</th>
                <th scope="col">{T.rules.isClosed}</th>
                <th scope="col">
                  <span className="sr-only">{T.list.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r, i) => {
                const rid = `${id}-${i}`;
                const n = i + 1;
                return (
                  <tr key={i}>
                    <td data-label={T.rules.type}>
                      <select
                        id={`${rid}-type`}
                        aria-label={`${T.rules.type} ${n}`}
                        {...invalidProps(`${rid}-type`, errors[`${i}.type`])}
                        value={r.type}
                        onChange={(e) =>
                          set(i, {
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
                      <ErrorText id={`${rid}-type`} message={errors[`${i}.type`]} />
                    </td>
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
                    <td>
                      <button type="button" onClick={() => onChange(rules.filter((_, j) => j !== i))}>
                        {T.list.remove}
                        <span className="sr-only"> {n}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <button
            type="button"
            onClick={() =>
              onChange([...rules, { type: 'daily', date: null, from: '09:00', to: '18:00', isClosed: false }])
            }
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
