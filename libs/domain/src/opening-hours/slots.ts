/**
 * Slots inside opening hours:
 * - §9 "Appointment slots are computed over 90 days ahead (assumed to be days) at 5-minute granularity;
 *   the time picker step defaults to 5 minutes."
 * - §9 "Opening-hours helper defaults: look-ahead 180 days or 72 hours, 15-minute steps, 15-minute gap
 *   between slots, start times rounded up to 5 minutes; lead-time units minutes, hours, days, weeks."
 *
 * Slots are generated in real time inside the merged open intervals, on the local wall-clock grid, so a
 * day with a DST change has one hour of slots less (spring) or more (autumn).
 */
import {
  APPOINTMENT_DAYS_AHEAD,
  APPOINTMENT_GRANULARITY_MINUTES,
  DEFAULT_TIME_ZONE,
  HELPER_GAP_MINUTES,
  HELPER_LOOK_AHEAD_DAYS,
  HELPER_ROUND_UP_MINUTES,
  HELPER_STEP_MINUTES,
  LEAD_TIME_UNITS,
  TIME_PICKER_MINUTE_STEP,
} from '../constants.js';
import { text } from '../texts.js';
import { openIntervals, type DayRange, type RuleLike } from './rules.js';
import { addLocalDays, formatMinutes, localDate, offsetMs, parseTime, zonedParts } from './time-zone.js';

export type LeadTimeUnit = (typeof LEAD_TIME_UNITS)[number];
export interface LeadTime {
  value: number;
  unit: LeadTimeUnit;
}
export interface LookAhead {
  value: number;
  unit: 'days' | 'hours';
}

const MINUTE_MS = 60_000;

/** `now` plus a lead time: minutes and hours in real time, days and weeks in calendar days (wall clock kept). */
export function applyLeadTime(
  now: Date,
  leadTime: LeadTime | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  if (!leadTime || leadTime.value === 0) return new Date(now.getTime());
  switch (leadTime.unit) {
    case 'minutes':
      return new Date(now.getTime() + leadTime.value * MINUTE_MS);
    case 'hours':
      return new Date(now.getTime() + leadTime.value * 60 * MINUTE_MS);
    case 'days':
      return addLocalDays(now, leadTime.value, timeZone);
    case 'weeks':
      return addLocalDays(now, leadTime.value * 7, timeZone);
  }
}

/** The first instant at or after `instant` whose local wall clock is a whole multiple of `minutes` (seconds 0). */
export function roundUpToMinutes(instant: Date, minutes: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const t = instant.getTime();
  const local = t + offsetMs(t, timeZone);
  const step = minutes * MINUTE_MS;
  const rounded = Math.ceil(local / step) * step;
  return new Date(t + (rounded - local));
}

/** The end of a look-ahead from `now`: hours in real time, days in calendar days. */
export function lookAheadEnd(now: Date, lookAhead: LookAhead, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return lookAhead.unit === 'hours'
    ? new Date(now.getTime() + lookAhead.value * 60 * MINUTE_MS)
    : addLocalDays(now, lookAhead.value, timeZone);
}

export interface SlotOptions {
  timeZone?: string;
  /** default 180 days (§9; use { value: 72, unit: 'hours' } for the short variant) */
  lookAhead?: LookAhead;
  /** length a slot needs inside the open interval; default 15 ("15-minute steps") */
  stepMinutes?: number;
  /** distance between consecutive slot starts; default 15 ("15-minute gap between slots") */
  gapMinutes?: number;
  /** the first start of each interval is rounded up to this many minutes; default 5 */
  roundUpMinutes?: number;
  /** no slot starts before now plus the lead time */
  leadTime?: LeadTime | null;
}

/**
 * Slot start instants inside the open intervals of `rules`, from `now` plus lead time to the end of the
 * look-ahead. In each interval the first start is max(interval start, earliest) rounded up to
 * `roundUpMinutes`; then one every `gapMinutes` while start + `stepMinutes` fits before the interval ends.
 */
export function openingSlots(
  rules: readonly RuleLike[] | null | undefined,
  now: Date,
  options: SlotOptions = {},
): Date[] {
  const {
    timeZone = DEFAULT_TIME_ZONE,
    lookAhead = { value: HELPER_LOOK_AHEAD_DAYS, unit: 'days' },
    stepMinutes = HELPER_STEP_MINUTES,
    gapMinutes = HELPER_GAP_MINUTES,
    roundUpMinutes = HELPER_ROUND_UP_MINUTES,
    leadTime = null,
  } = options;
  if (gapMinutes <= 0 || roundUpMinutes <= 0) throw new RangeError('gapMinutes and roundUpMinutes must be positive');
  const earliest = applyLeadTime(now, leadTime, timeZone).getTime();
  const horizon = lookAheadEnd(now, lookAhead, timeZone).getTime();
  if (horizon <= earliest) return [];
  const intervals = openIntervals(rules, localDate(earliest, timeZone), localDate(horizon, timeZone), timeZone);
  const slots: Date[] = [];
  for (const interval of intervals) {
    const end = interval.end.getTime();
    const from = Math.max(interval.start.getTime(), earliest);
    for (
      let t = roundUpToMinutes(new Date(from), roundUpMinutes, timeZone).getTime();
      t + stepMinutes * MINUTE_MS <= end && t < end;
      t += gapMinutes * MINUTE_MS
    ) {
      if (t >= horizon) break;
      slots.push(new Date(t));
    }
  }
  return slots;
}

/** The time zone and lead time as for openingSlots; days ahead and the granularity instead of its steps. */
export type AppointmentSlotOptions = Pick<SlotOptions, 'timeZone' | 'leadTime'> & {
  /** default 90 */
  days?: number;
  /** default 5 */
  granularityMinutes?: number;
};

/** §9 appointment slots: every 5 minutes of open time over 90 days ahead (a slot may start until the closing minute). */
export function appointmentSlots(
  rules: readonly RuleLike[] | null | undefined,
  now: Date,
  options: AppointmentSlotOptions = {},
): Date[] {
  const granularity = options.granularityMinutes ?? APPOINTMENT_GRANULARITY_MINUTES;
  return openingSlots(rules, now, {
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    lookAhead: { value: options.days ?? APPOINTMENT_DAYS_AHEAD, unit: 'days' },
    stepMinutes: 0,
    gapMinutes: granularity,
    roundUpMinutes: granularity,
    leadTime: options.leadTime ?? null,
  });
}

/** Slots grouped by local date ('YYYY-MM-DD'), in order. */
export function slotsByDay(slots: readonly Date[], timeZone: string = DEFAULT_TIME_ZONE): Map<string, Date[]> {
  const days = new Map<string, Date[]>();
  for (const slot of slots) {
    const date = localDate(slot, timeZone);
    const list = days.get(date);
    if (list) list.push(slot);
    else days.set(date, [slot]);
  }
  return days;
}

/**
 * §2.7 date picker: the days it offers (local dates with at least one slot). Slots start at `now`, so past
 * days are never among them.
 */
export function availableDates(slots: readonly Date[], timeZone: string = DEFAULT_TIME_ZONE): Set<string> {
  return new Set(slotsByDay(slots, timeZone).keys());
}

/** §2.7 date picker: "past and unavailable days disabled … save disabled on an unavailable date". */
export function isDateAvailable(slots: readonly Date[], date: string, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return slots.some((s) => localDate(s, timeZone) === date);
}

export interface TimePickerState {
  /** the chosen time is one of the day's slots */
  isAvailable: boolean;
  /** the day's windows, listed when the chosen time lies outside them */
  windows: DayRange[];
  showWindows: boolean;
  /** 'Zum ausgewählten Tag sind keine Termine verfügbar.' when the day has no slots */
  message: string | null;
}

/**
 * §2.7 "Time picker: … lists the day's available windows when the chosen time lies outside them; with no
 * slots says 'Zum ausgewählten Tag sind keine Termine verfügbar.'" Windows are runs of consecutive slots,
 * shown from the first slot to the last slot plus the granularity.
 */
export function timePickerState(input: {
  slots: readonly Date[];
  date: string;
  time: string | null;
  timeZone?: string;
  granularityMinutes?: number;
}): TimePickerState {
  const {
    slots,
    date,
    time,
    timeZone = DEFAULT_TIME_ZONE,
    granularityMinutes = APPOINTMENT_GRANULARITY_MINUTES,
  } = input;
  const day = slots.filter((s) => localDate(s, timeZone) === date);
  if (day.length === 0) return { isAvailable: false, windows: [], showWindows: false, message: text('noSlots') };
  const step = granularityMinutes * MINUTE_MS;
  const windows: DayRange[] = [];
  let start = day[0];
  let previous = day[0];
  const close = (last: Date) => {
    windows.push({
      from: formatMinutes(zonedParts(start, timeZone).minutes),
      to: formatMinutes(zonedParts(last.getTime() + step, timeZone).minutes).replace(/^00:00$/, '24:00'),
    });
  };
  for (const slot of day.slice(1)) {
    if (slot.getTime() - previous.getTime() !== step) {
      close(previous);
      start = slot;
    }
    previous = slot;
  }
  close(previous);
  const minutes = time === null ? null : parseTime(time);
  const isAvailable = minutes !== null && day.some((s) => zonedParts(s, timeZone).minutes === minutes);
  return { isAvailable, windows, showWindows: !isAvailable, message: null };
}

/**
 * §2.7 "hour and minute steppers (minute step 5 by default)": steps 'HH:mm' by one hour or by the minute
 * step (snapping to the step grid), wrapping around midnight.
 */
export function stepTime(
  time: string,
  unit: 'hour' | 'minute',
  direction: 1 | -1,
  minuteStep: number = TIME_PICKER_MINUTE_STEP,
): string {
  const minutes = parseTime(time);
  if (unit === 'hour') return formatMinutes(minutes + direction * 60);
  const aligned = minutes % minuteStep === 0;
  const next =
    direction === 1
      ? (Math.floor(minutes / minuteStep) + 1) * minuteStep
      : (aligned ? minutes / minuteStep - 1 : Math.floor(minutes / minuteStep)) * minuteStep;
  return formatMinutes(next);
}
