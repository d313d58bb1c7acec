/**
 * Time sheets (issue 19): planned minutes from schedules against worked minutes net of pauses, per day, ISO week
 * and month, with the running overtime balance; holiday entitlement and what is left of it. Days are local days of
 * the time zone; every duration is real time between instants (a night across a daylight-saving change that the
 * wall clock shows as 22:00–06:00 lasted 7 or 9 hours, and counts so).
 */
import type { DayBalance, HolidayBalance, LawRuleSet, PeriodBalance, UserBalance } from '@shop/contracts';
import { addDays, daysBetween, localDate, parseTime, weekdayOf, zonedInstant } from '../opening-hours/time-zone.js';
import { lawWarnings } from './working-time-check.js';
import { netMinutes, pauseMinutes, weekOf, type TimedActivity } from './working-time.js';

const MINUTE = 60_000;

export interface PlannedShift {
  date: string;
  start: string;
  end: string;
  /**
   * the shift ends on the next day (issue 41: said by the input, never guessed). Left out (a shape of before issue
   * 41): an end at or before the start is the next day.
   */
  endsNextDay?: boolean;
  breakMinutes: number;
  /** the zone of its branch (issue 19); left out: the sheet's zone */
  timeZone?: string;
}

/**
 * The instants a shift starts and ends: on the next day when it `endsNextDay`; an end at or before the start of a
 * shift that does not is no time at all (the schedules' validation refuses it).
 */
export function shiftInterval(s: Omit<PlannedShift, 'breakMinutes'>, timeZone: string): { start: Date; end: Date } {
  const from = parseTime(s.start);
  let to = parseTime(s.end);
  const nextDay = s.endsNextDay ?? to <= from;
  if (nextDay) to += 24 * 60;
  else to = Math.max(to, from);
  return { start: zonedInstant(s.date, from, timeZone), end: zonedInstant(s.date, to, timeZone) };
}

/**
 * Issue 41: a schedule's end before its start is the next day only when the input says so. The errors of a shift's
 * times: `notAfterStart` (end at or before start without `endsNextDay`), `tooLong` (with `endsNextDay`, an end
 * after the start time: more than 24 hours), else null.
 */
export function shiftTimesError(s: {
  start: string;
  end: string;
  endsNextDay: boolean;
}): 'notAfterStart' | 'tooLong' | null {
  const from = parseTime(s.start);
  const to = parseTime(s.end);
  if (!s.endsNextDay) return to <= from ? 'notAfterStart' : null;
  return to > from ? 'tooLong' : null;
}

/** The shift's planned minutes: real time from start to end less its break. */
export function plannedMinutes(s: PlannedShift, timeZone: string): number {
  const { start, end } = shiftInterval(s, timeZone);
  return Math.max(0, Math.round((end.getTime() - start.getTime()) / MINUTE) - s.breakMinutes);
}

/** Every local day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/**
 * The local days an activity covers in `timeZone`: from its start's day to the day of its last instant (an end at
 * midnight ends the day before); an open activity (or one that ends where it starts) its start's day.
 */
export function coveredDays(a: { start: string; end: string | null }, timeZone: string): string[] {
  const start = Date.parse(a.start);
  const end = a.end === null ? start : Math.max(start, Date.parse(a.end) - 1);
  return daysOf(localDate(start, timeZone), localDate(end, timeZone));
}

/** The public holidays of a region by local date (their names), as the service reads them from date-holidays. */
export type PublicHolidays = ReadonlyMap<string, string>;
const NO_PUBLIC_HOLIDAYS: PublicHolidays = new Map();

/**
 * The holiday days a holiday activity takes (issues 19, 41): each working day, Monday to Friday, of the local days
 * it covers in its branch's zone that is no public holiday of its branch's region. Saturdays and Sundays are not
 * taken (the 25 days of § 2 UrlG are working days of a five-day week), nor public holidays (a vacation week with
 * Easter Monday takes four days).
 */
export function holidayDays(
  a: { start: string; end: string | null },
  timeZone: string,
  publicHolidays: PublicHolidays = NO_PUBLIC_HOLIDAYS,
): string[] {
  return coveredDays(a, timeZone).filter(
    (d) => weekdayOf(d) !== 'saturday' && weekdayOf(d) !== 'sunday' && !publicHolidays.has(d),
  );
}

/** A day a holiday takes, whole (1) or half (0.5). */
export interface TakenDay {
  date: string;
  days: number;
}

/** The days a holiday activity takes from the account: its holidayDays, each half for a half day (issue 41). */
export function takenHolidayDays(
  a: { start: string; end: string | null; halfDay?: boolean },
  timeZone: string,
  publicHolidays: PublicHolidays = NO_PUBLIC_HOLIDAYS,
): TakenDay[] {
  return holidayDays(a, timeZone, publicHolidays).map((date) => ({ date, days: a.halfDay ? 0.5 : 1 }));
}

/** [start, end) in ms. */
interface Span {
  start: number;
  end: number;
}

/**
 * Issue 41: whole minutes of stretches of time on each local day of the zone they cross (night work across
 * midnight counts on both days). The minutes are cut so that they add up to the floor of the whole: a day's share
 * is the whole minutes up to its end less those up to its start.
 */
export function minutesByDay(spans: readonly Span[], timeZone: string): Map<string, number> {
  const ms = new Map<string, number>();
  for (const span of spans) {
    let from = span.start;
    while (from < span.end) {
      const date = localDate(from, timeZone);
      const next = Math.min(span.end, zonedInstant(addDays(date, 1), 0, timeZone).getTime());
      ms.set(date, (ms.get(date) ?? 0) + (next - from));
      from = next;
    }
  }
  const minutes = new Map<string, number>();
  let sum = 0;
  let whole = 0;
  for (const date of [...ms.keys()].sort()) {
    sum += ms.get(date) ?? 0;
    const upTo = Math.floor(sum / MINUTE + 1e-9);
    if (upTo > whole) minutes.set(date, upTo - whole);
    whole = upTo;
  }
  return minutes;
}

/** The worked stretches of a work activity as spans (a running one up to `now`). */
function workedSpans(a: TimedActivity, now: Date): Span[] {
  return workedSegments(a).map((x) => ({
    start: Date.parse(x.start),
    end: x.end === null ? now.getTime() : Date.parse(x.end),
  }));
}

/** One local day's part of an activity (issue 41: night work is split at midnight in balances and exports). */
export interface ActivityDayPart {
  date: string;
  /** the part's first and last instant (ISO) */
  start: string;
  end: string | null;
  /** whether `end` is the midnight that closes the day (shown as 24:00) */
  endsAtMidnight: boolean;
  pauseMinutes: number;
  netMinutes: number;
}

/**
 * An activity cut at each local midnight of its zone: one part per day it covers, with the minutes worked and
 * paused on that day (an open activity: its start's day up to `now`); an absence of several days has a part per
 * day, without minutes. An activity of one day is one part, as it is.
 */
export function activityDayParts(a: TimedActivity, timeZone: string, now: Date = new Date()): ActivityDayPart[] {
  const start = Date.parse(a.start);
  const end = a.end === null ? null : Date.parse(a.end);
  const firstDay = localDate(start, timeZone);
  if (end === null || localDate(Math.max(start, end - 1), timeZone) === firstDay)
    return [
      {
        date: firstDay,
        start: a.start,
        end: a.end,
        endsAtMidnight: false,
        pauseMinutes: Math.round(pauseMinutes(a, now)),
        netMinutes: a.kind === 'work' ? netMinutes(a, now) : 0,
      },
    ];
  if (a.kind !== 'work')
    return coveredDays(a, timeZone).map((date) => {
      const midnight = zonedInstant(addDays(date, 1), 0, timeZone).getTime();
      return {
        date,
        start: new Date(Math.max(start, zonedInstant(date, 0, timeZone).getTime())).toISOString(),
        end: new Date(Math.min(end, midnight)).toISOString(),
        endsAtMidnight: end >= midnight,
        pauseMinutes: 0,
        netMinutes: 0,
      };
    });
  const worked = minutesByDay(workedSpans(a, now), timeZone);
  const parts: ActivityDayPart[] = [];
  for (let from = start; from < end;) {
    const date = localDate(from, timeZone);
    const midnight = zonedInstant(addDays(date, 1), 0, timeZone).getTime();
    const to = Math.min(end, midnight);
    const paused = a.pauses.reduce((sum, p) => {
      const ps = Math.max(from, Date.parse(p.start));
      const pe = Math.min(to, p.end === null ? to : Date.parse(p.end));
      return sum + Math.max(0, pe - ps);
    }, 0);
    parts.push({
      date,
      start: new Date(from).toISOString(),
      end: new Date(to).toISOString(),
      endsAtMidnight: to === midnight,
      pauseMinutes: Math.round(paused / MINUTE),
      netMinutes: worked.get(date) ?? 0,
    });
    from = to;
  }
  return parts;
}

const add = (map: Map<string, number>, day: string, minutes: number) => map.set(day, (map.get(day) ?? 0) + minutes);

/**
 * One employee's balance over [from, to]. Work counts on the local days it was worked: night work across midnight
 * on both days (issue 41), and planned shifts likewise (the break in the middle, as plannedSegments places it). A
 * holiday, sick leave or other absence credits the planned minutes of every day it covers (it neither adds
 * overtime nor leaves a gap), half of them for a half day; compensatory time off credits nothing (the overtime is
 * taken). A public holiday (`publicHolidays`, the region's) credits its planned minutes too: neither vacation nor
 * missing hours. An activity or shift that names its own zone (its branch's) is counted on its local days there, so
 * a person working in branches of two zones has every day, week and month of each read where it happened;
 * `timeZone` is the rest's.
 */
export function userBalance(input: {
  user: number;
  from: string;
  to: string;
  timeZone: string;
  activities: readonly TimedActivity[];
  schedules: readonly PlannedShift[];
  ruleSet: LawRuleSet;
  publicHolidays?: PublicHolidays;
  now?: Date;
}): UserBalance {
  const { timeZone, now = new Date(), publicHolidays = NO_PUBLIC_HOLIDAYS } = input;
  const planned = new Map<string, number>();
  for (const s of input.schedules) {
    const zone = s.timeZone ?? timeZone;
    const spans = plannedSegments(s, zone).map((x) => ({ start: Date.parse(x.start), end: Date.parse(x.end) }));
    for (const [day, minutes] of minutesByDay(spans, zone)) add(planned, day, minutes);
  }
  const worked = new Map<string, number>();
  /** the share of a day's plan an absence credits: 1, or 0.5 for a half day (the larger where two meet) */
  const credited = new Map<string, number>();
  for (const a of input.activities) {
    const zone = a.timeZone ?? timeZone;
    if (a.kind === 'work')
      for (const [day, minutes] of minutesByDay(workedSpans(a, now), zone)) add(worked, day, minutes);
    else if (a.kind !== 'compensatory')
      for (const day of coveredDays(a, zone)) credited.set(day, Math.max(credited.get(day) ?? 0, a.halfDay ? 0.5 : 1));
  }
  for (const day of publicHolidays.keys()) credited.set(day, 1);
  const warnings = lawWarnings(input.activities, input.ruleSet, timeZone, now);
  let balance = 0;
  const days: DayBalance[] = daysOf(input.from, input.to).map((date) => {
    const p = planned.get(date) ?? 0;
    const w = (worked.get(date) ?? 0) + Math.round(p * (credited.get(date) ?? 0));
    balance += w - p;
    return {
      date,
      plannedMinutes: p,
      workedMinutes: w,
      differenceMinutes: w - p,
      balanceMinutes: balance,
      warnings: warnings.filter((x) => x.date === date),
      publicHoliday: publicHolidays.get(date) ?? null,
    };
  });
  const group = (key: (date: string) => string): PeriodBalance[] => {
    const periods = new Map<string, PeriodBalance>();
    for (const d of days) {
      const k = key(d.date);
      const p = periods.get(k) ?? { period: k, plannedMinutes: 0, workedMinutes: 0, differenceMinutes: 0 };
      p.plannedMinutes += d.plannedMinutes;
      p.workedMinutes += d.workedMinutes;
      p.differenceMinutes += d.differenceMinutes;
      periods.set(k, p);
    }
    return [...periods.values()];
  };
  const plannedTotal = days.reduce((s, d) => s + d.plannedMinutes, 0);
  const workedTotal = days.reduce((s, d) => s + d.workedMinutes, 0);
  return {
    user: input.user,
    from: input.from,
    to: input.to,
    timeZone,
    days,
    weeks: group(weekOf),
    months: group((d) => d.slice(0, 7)),
    plannedMinutes: plannedTotal,
    workedMinutes: workedTotal,
    overtimeMinutes: workedTotal - plannedTotal,
  };
}

export interface HolidayEntitlement {
  user: number;
  year: number;
  daysPerYear: number;
  partTimeFactor: number;
  employedFrom: string | null;
  employedTo: string | null;
  carryOverDays: number;
  carryOverExpires: string | null;
}

/** Rounded to half days, halves up (11.25 → 11.5, 11.2 → 11): the usual rounding of a pro-rata entitlement. */
const toHalfDays = (days: number) => Math.round(days * 2 + 1e-9) / 2;

/**
 * The year's holiday balance: the entitlement pro rata for the days employed in the year and the part-time
 * factor; taken days (the `holidayDays` of the year's holiday activities, a day counted once, a half day as half)
 * use the carry-over first while it is valid; what of the carry-over is not taken by its expiry (`asOf` past it)
 * lapses.
 */
export function holidayBalance(
  e: HolidayEntitlement,
  holidayDays: ReadonlyArray<string | TakenDay>,
  asOf: string,
): HolidayBalance {
  const first = `${e.year}-01-01`;
  const last = `${e.year}-12-31`;
  const yearDays = daysBetween(first, last) + 1;
  const from = e.employedFrom && e.employedFrom > first ? e.employedFrom : first;
  const to = e.employedTo && e.employedTo < last ? e.employedTo : last;
  const employed = Math.max(0, daysBetween(from, to) + 1);
  const entitlement = toHalfDays((e.daysPerYear * e.partTimeFactor * employed) / yearDays);
  // a day taken twice counts once (the larger share where a half and a whole day meet)
  const days = new Map<string, number>();
  for (const d of holidayDays) {
    const { date, days: share } = typeof d === 'string' ? { date: d, days: 1 } : d;
    if (date.startsWith(`${e.year}-`)) days.set(date, Math.min(1, Math.max(days.get(date) ?? 0, share)));
  }
  const sum = (keep: (date: string) => boolean) =>
    [...days].reduce((total, [date, share]) => total + (keep(date) ? share : 0), 0);
  const taken = sum(() => true);
  const expiry = e.carryOverExpires;
  const takenBeforeExpiry = expiry ? sum((d) => d <= expiry) : taken;
  const expired =
    e.carryOverExpires && asOf > e.carryOverExpires ? Math.max(0, e.carryOverDays - takenBeforeExpiry) : 0;
  return {
    user: e.user,
    year: e.year,
    entitlementDays: entitlement,
    carryOverDays: e.carryOverDays,
    expiredCarryOverDays: expired,
    takenDays: taken,
    remainingDays: entitlement + e.carryOverDays - expired - taken,
  };
}

/** A stretch of time: worked (between an activity's pauses) or planned; `end` null while it still runs. */
export interface TimeSegment {
  start: string;
  end: string | null;
}

/**
 * The stretches an activity was worked: from its start to the first pause, between pauses, from the last pause
 * to its end. A running activity's last stretch has no end; a paused one ends at its open pause.
 */
export function workedSegments(a: {
  start: string;
  end: string | null;
  pauses: readonly TimeSegment[];
}): TimeSegment[] {
  const pauses = [...a.pauses].sort((x, y) => Date.parse(x.start) - Date.parse(y.start));
  const segments: TimeSegment[] = [];
  let from: string | null = a.start;
  for (const p of pauses) {
    if (from !== null && Date.parse(p.start) > Date.parse(from)) segments.push({ start: from, end: p.start });
    from = p.end;
  }
  if (from !== null && (a.end === null || Date.parse(a.end) > Date.parse(from)))
    segments.push({ start: from, end: a.end });
  return segments;
}

/**
 * A shift's planned stretches. The schedule says how long the break is, not when: it is placed in the middle of
 * the shift (where the law's break after about 6 hours falls), so the stretches add up to the planned minutes.
 */
export function plannedSegments(s: PlannedShift, timeZone: string): Array<{ start: string; end: string }> {
  const { start, end } = shiftInterval(s, timeZone);
  const breakMs = Math.min(s.breakMinutes * MINUTE, end.getTime() - start.getTime());
  if (breakMs <= 0) return [{ start: start.toISOString(), end: end.toISOString() }];
  const middle = (start.getTime() + end.getTime()) / 2;
  return [
    { start: start.toISOString(), end: new Date(middle - breakMs / 2).toISOString() },
    { start: new Date(middle + breakMs / 2).toISOString(), end: end.toISOString() },
  ].filter((x) => Date.parse(x.end) > Date.parse(x.start));
}
