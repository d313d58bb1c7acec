import type { OpeningHoursRule } from '@shop/contracts';
import { T } from '../../../texts';
import { labelled, Options } from '../../../ui/Options';
import { ErrorText } from '../ErrorText';
import { Cell, CheckCell, RemoveCell, RowsTable, useRowEditor, type CellProps, type ListEditorProps } from './rows';

const TYPES = labelled(
  ['daily', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'once'] as const,
  T.rules,
);
type Rule = Partial<OpeningHoursRule> & { type: OpeningHoursRule['type'] };

/** One rule's cells: type (once, daily or a weekday; the date stays only with 'once'), date (once), from, to, closed. */
function RuleRow({
  rule: r,
  cell,
  set,
  onRemove,
}: {
  rule: Rule;
  /** the cell of one of the rule's keys */
  cell: (key: keyof Rule & string) => CellProps;
  set: (patch: Partial<Rule>) => void;
  onRemove: () => void;
}) {
  const { id, n } = cell('type');
  return (
    <tr>
      <Cell {...cell('type')}>
        {(control) => (
          <select
            id={id}
            {...control}
            value={r.type}
            onChange={(e) =>
              set({ type: e.target.value as Rule['type'], date: e.target.value === 'once' ? (r.date ?? null) : null })
            }
          >
            <Options choices={TYPES} />
          </select>
        )}
      </Cell>
      <Cell {...cell('date')}>
        {(control) =>
          r.type === 'once' && (
            <input
              type="date"
              {...control}
              value={r.date ?? ''}
              onChange={(e) => set({ date: e.target.value || null })}
            />
          )
        }
      </Cell>
      <Cell {...cell('from')}>
        {(control) => (
          <input type="time" {...control} value={r.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
        )}
      </Cell>
      <Cell {...cell('to')}>
        {(control) => (
          <input
            type="text"
            inputMode="numeric"
            pattern="[0-9]{2}:[0-9]{2}"
            {...control}
            placeholder="24:00"
            value={r.to ?? ''}
            onChange={(e) => set({ to: e.target.value })}
          />
        )}
      </Cell>
      <CheckCell
        label={T.rules.isClosed}
        n={n}
        checked={r.isClosed === true}
        onChecked={(isClosed) => set({ isClosed })}
      />
      <RemoveCell name={n} onRemove={onRemove} />
    </tr>
  );
}

/**
 * Opening hours, delivery hours and schedules in the rule form of storefront-presenter.md §3: type (once,
 * daily or a weekday), date (once), from, to, isClosed. A schedule may be absent (always available).
 */
export function RulesEditor(props: ListEditorProps<Rule[]> & { label: string; nullable: boolean }) {
  const { id, label, value, nullable, onChange, error } = props;
  const { rows: rules, set, remove, add, cell } = useRowEditor(props, T.rules);
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
              <RuleRow
                key={i}
                rule={r}
                cell={(key) => cell(i, key)}
                set={(patch) => set(i, patch)}
                onRemove={() => remove(i)}
              />
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
