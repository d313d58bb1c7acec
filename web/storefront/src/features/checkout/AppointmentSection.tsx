import {
  appointmentRules,
  appointmentSlots,
  formatDate,
  formatMinutes,
  localDate,
  orderableSlots,
  parseTime,
  zonedInstant,
  zonedParts,
} from '@shop/domain';
import { useMemo } from 'react';
import { setOrderData } from '../../state/cart-store';
import { s } from './texts';
import { FieldMessages } from '../../ui/FieldMessages';
import type { BranchOrder } from '../store/use-branch-order';
import { Section, type FieldErrorsOf } from './fields';
import { DatePicker, TimePicker } from './Pickers';
import { appointmentRule } from './checkout-rules';

export type AppointmentPicker = null | 'date' | 'time';

/** The appointment in the branch's zone: the instant, its local date and its time ('14:30'), or nulls. */
function chosenAppointment(order: BranchOrder, timeZone: string) {
  const appointment = order.cart.order.appointment ? new Date(order.cart.order.appointment) : null;
  return {
    appointment,
    date: appointment ? localDate(appointment, timeZone) : null,
    time: appointment ? formatMinutes(zonedParts(appointment, timeZone).minutes) : null,
  };
}

/**
 * §2.7 appointment: 'So bald wie möglich' unless the branch requires one; date and time pickers; the §5 message
 * shows once a date is chosen or after a submission, merged with the server's.
 */
export function AppointmentSection({
  order,
  timeZone,
  submitted,
  fieldErrors,
  onPick,
}: {
  order: BranchOrder;
  timeZone: string;
  /** a submission was answered (the required-appointment message shows from then on) */
  submitted: boolean;
  fieldErrors: FieldErrorsOf;
  onPick: (picker: AppointmentPicker) => void;
}) {
  const { branch } = order;
  const { appointment, date, time } = chosenAppointment(order, timeZone);
  const rule = appointmentRule(order, order.cart.order.appointment);
  const errors = fieldErrors('appointmentDate');
  return (
    <Section title={s('appointment')}>
      <div className={`appointment${errors.length ? ' field--error' : ''}`}>
        <p aria-live="polite" id="appointment-value">
          {appointment
            ? `${formatDate(appointment, timeZone)} ${time}`
            : branch.isAppointmentRequired
              ? '–'
              : s('appointmentAsap')}
        </p>
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onPick('date')}
            aria-describedby="appointment-value"
          >
            {s('chooseDate')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!date}
            onClick={() => onPick('time')}
            aria-describedby="appointment-value"
          >
            {s('chooseTime')}
          </button>
        </div>
        <FieldMessages
          id="checkout-appointment-error"
          messages={[...new Set([...(rule && (appointment || submitted) ? [rule] : []), ...errors])]}
        />
      </div>
    </Section>
  );
}

/**
 * The date and time pickers (§9: 90 days of 5-minute slots, only those at which every product of the cart is sold);
 * a saved date keeps the chosen time or takes the day's first slot.
 */
export function AppointmentPickers({
  order,
  timeZone,
  picker,
  onClose,
}: {
  order: BranchOrder;
  timeZone: string;
  picker: AppointmentPicker;
  onClose: () => void;
}) {
  const { branch, method, now, lines } = order;
  const { date, time } = chosenAppointment(order, timeZone);
  const slotsNeeded = picker !== null;
  // recomputed when the 5-minute slot of `now` changes, not on every tick of the clock
  const slotWindow = Math.floor(now.getTime() / 300_000);
  const slots = useMemo(
    () =>
      slotsNeeded
        ? orderableSlots(appointmentSlots(appointmentRules(branch, method), now, { timeZone }), lines, timeZone)
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- now only through slotWindow (see above)
    [slotsNeeded, branch, method, timeZone, slotWindow, lines],
  );
  const setAppointment = (d: string | null, t: string | null) => {
    if (!d) return setOrderData(branch.identifier, { appointment: null });
    const instant = zonedInstant(d, parseTime(t ?? '12:00'), timeZone);
    setOrderData(branch.identifier, { appointment: instant.toISOString() });
  };
  if (picker === 'date') {
    return (
      <DatePicker
        slots={slots}
        timeZone={timeZone}
        today={localDate(now, timeZone)}
        value={date}
        onCancel={onClose}
        onClear={() => {
          setAppointment(null, null);
          onClose();
        }}
        onSave={(d) => {
          const daySlots = slots.filter((x) => localDate(x, timeZone) === d);
          const keep = time && daySlots.some((x) => formatMinutes(zonedParts(x, timeZone).minutes) === time);
          setAppointment(
            d,
            keep ? time : daySlots[0] ? formatMinutes(zonedParts(daySlots[0], timeZone).minutes) : null,
          );
          onClose();
        }}
      />
    );
  }
  if (picker === 'time' && date) {
    return (
      <TimePicker
        slots={slots}
        timeZone={timeZone}
        date={date}
        value={time}
        onCancel={onClose}
        onSave={(t) => {
          setAppointment(date, t);
          onClose();
        }}
      />
    );
  }
  return null;
}
