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
import { s } from '../../texts';

const monthName = (year: number, month: number) =>
  new Intl.DateTimeFormat('de-AT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 15),
  );

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
}: {
  slots: readonly Date[];
  timeZone: string;
  today: string;
  value: string | null;
  onSave: (date: string) => void;
  onClear: () => void;
  onCancel: () => void;
}) {
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
                        aria-label={`${Number(d.slice(8))}. ${monthName(month.year, month.month)}`}
                        onClick={() => setPending(d)}
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
      </div>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onClear}>
          {text('datePickerClear')}
        </button>
        <button type="button" className="button" disabled={!canSave} onClick={() => pending && onSave(pending)}>
          {text('save')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * §2.7 "Time picker: hour and minute steppers (minute step 5 by default); lists the day's available windows
 * when the chosen time lies outside them; with no slots says 'Zum ausgewählten Tag sind keine Termine
 * verfügbar.'; buttons 'Abbrechen' and 'Speichern'."
 */
export function TimePicker({
  slots,
  timeZone,
  date,
  value,
  onSave,
  onCancel,
}: {
  slots: readonly Date[];
  timeZone: string;
  date: string;
  value: string | null;
  onSave: (time: string) => void;
  onCancel: () => void;
}) {
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
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {text('cancel')}
        </button>
        <button type="button" className="button" disabled={!state.isAvailable} onClick={() => onSave(time)}>
          {text('save')}
        </button>
      </div>
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
