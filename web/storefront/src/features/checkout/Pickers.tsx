import {
  availableDates,
  CALENDAR_WEEKDAYS,
  formatMinutes,
  isDateAvailable,
  localDate,
  monthCalendar,
  parseTime,
  stepTime,
  text,
  timePickerState,
  zonedParts,
} from '@shop/domain';
import { useMemo, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { s } from './texts';

const monthName = (year: number, month: number) =>
  new Intl.DateTimeFormat('de-AT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 15),
  );

/** What both pickers get: the branch's slots in its time zone, the value so far, save (date or time) and cancel. */
interface PickerProps {
  slots: readonly Date[];
  timeZone: string;
  value: string | null;
  onSave: (value: string) => void;
  onCancel: () => void;
}

/**
 * §2.7 "Date picker: month calendar with ISO week numbers and weekdays Mo to So; past and unavailable days
 * disabled; month navigation; buttons 'Auswahl aufheben' and 'Speichern' (save disabled on an unavailable
 * date). Cancelling restores the previous date."
 */
export function DatePicker({
  slots,
  timeZone,
  today,
  value,
  onSave,
  onClear,
  onCancel,
}: PickerProps & { today: string; onClear: () => void }) {
  const available = useMemo(() => availableDates(slots, timeZone), [slots, timeZone]);
  const first = value ?? [...available][0] ?? today;
  const [pending, setPending] = useState<string | null>(value);
  const [month, setMonth] = useState({ year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) });
  const weeks = monthCalendar(month.year, month.month);
  const shift = (delta: number) =>
    setMonth((m) => {
      const index = m.year * 12 + (m.month - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });
  const canSave = pending !== null && isDateAvailable(slots, pending, timeZone);
  return (
    <Dialog title={s('datePickerLabel')} onClose={onCancel} className="picker">
      <div className="calendar">
        <div className="calendar__nav">
          <button
            type="button"
            className="button button--square"
            onClick={() => shift(-1)}
            aria-label={s('previousMonth')}
          >
            ‹
          </button>
          <p className="calendar__month" aria-live="polite">
            {monthName(month.year, month.month)}
          </p>
          <button type="button" className="button button--square" onClick={() => shift(1)} aria-label={s('nextMonth')}>
            ›
          </button>
        </div>
        <MonthGrid
          weeks={weeks}
          name={monthName(month.year, month.month)}
          available={available}
          pending={pending}
          onPick={setPending}
        />
      </div>
      <PickerActions
        secondary={text('datePickerClear')}
        onSecondary={onClear}
        canSave={canSave}
        onSave={() => pending && onSave(pending)}
      />
    </Dialog>
  );
}

/** The month's weeks (ISO week number first), the available days to pick. */
function MonthGrid({
  weeks,
  name,
  available,
  pending,
  onPick,
}: {
  weeks: ReturnType<typeof monthCalendar>;
  name: string;
  available: ReadonlySet<string>;
  pending: string | null;
  onPick: (date: string) => void;
}) {
  return (
    <table role="grid">
      <thead>
        <tr>
          <th scope="col">{s('calendarWeek')}</th>
          {CALENDAR_WEEKDAYS.map((d) => (
            <th key={d} scope="col">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.week + (w.days.find(Boolean) ?? '')}>
            <th scope="row" className="calendar__week">
              {w.week}
            </th>
            {w.days.map((d, i) => (
              <td key={i}>
                {d && (
                  <button
                    type="button"
                    className="calendar__day"
                    disabled={!available.has(d)}
                    aria-pressed={pending === d}
                    aria-label={`${Number(d.slice(8))}. ${name}`}
                    onClick={() => onPick(d)}
                  >
                    {Number(d.slice(8))}
                  </button>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A picker's two buttons: clear or cancel, and save. */
function PickerActions({
  secondary,
  onSecondary,
  canSave,
  onSave,
}: {
  secondary: string;
  onSecondary: () => void;
  canSave: boolean;
  onSave: () => void;
}) {
  return (
    <div className="actions">
      <button type="button" className="button button--secondary" onClick={onSecondary}>
        {secondary}
      </button>
      <button type="button" className="button" disabled={!canSave} onClick={onSave}>
        {text('save')}
      </button>
    </div>
  );
}

/**
 * §2.7 "Time picker: hour and minute steppers (minute step 5 by default); lists the day's available windows
 * when the chosen time lies outside them; with no slots says 'Zum ausgewählten Tag sind keine Termine
 * verfügbar.'; buttons 'Abbrechen' and 'Speichern'."
 */
export function TimePicker({ slots, timeZone, date, value, onSave, onCancel }: PickerProps & { date: string }) {
  const firstOfDay = slots.find((d) => localDate(d, timeZone) === date);
  const [time, setTime] = useState(
    value ?? (firstOfDay ? formatMinutes(zonedParts(firstOfDay, timeZone).minutes) : '12:00'),
  );
  const state = timePickerState({ slots, date, time, timeZone });
  const [hours, minutes] = time.split(':');
  return (
    <Dialog title={s('timePickerLabel')} onClose={onCancel} className="picker">
      <div className="time-picker">
        <Stepper label={s('hour')} value={hours} onStep={(d) => setTime((t) => stepTime(t, 'hour', d))} />
        <span aria-hidden="true" className="time-picker__colon">
          :
        </span>
        <Stepper label={s('minute')} value={minutes} onStep={(d) => setTime((t) => stepTime(t, 'minute', d))} />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {time}
      </p>
      {state.message && <p className="hint hint--warning">{state.message}</p>}
      {state.showWindows && state.windows.length > 0 && (
        <div className="hint">
          <p>{s('availableWindows')}</p>
          <ul>
            {state.windows.map((w) => (
              <li key={w.from}>
                <button type="button" className="link-button" onClick={() => setTime(w.from)}>
                  {w.from} – {w.to}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <PickerActions
        secondary={text('cancel')}
        onSecondary={onCancel}
        canSave={state.isAvailable}
        onSave={() => onSave(time)}
      />
    </Dialog>
  );
}

function Stepper({ label, value, onStep }: { label: string; value: string; onStep: (d: 1 | -1) => void }) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="button button--square"
        onClick={() => onStep(1)}
        aria-label={`${label} ${s('later')}`}
      >
        +
      </button>
      <output className="stepper__value" aria-label={label}>
        {value}
      </output>
      <button
        type="button"
        className="button button--square"
        onClick={() => onStep(-1)}
        aria-label={`${label} ${s('earlier')}`}
      >
        −
      </button>
    </div>
  );
}

export { parseTime };
