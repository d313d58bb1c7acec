/**
 * Time sheets (issue 19): planned minutes from schedules against worked minutes net of pauses, per day, ISO week
 * and month, with the running overtime balance; holiday entitlement and what is left of it. Days are local days of
 * the time zone; every duration is real time between instants (a night across a daylight-saving change that the
 * wall clock shows as 22:00–06:00 lasted 7 or 9 hours, and counts so).
 */
import type { DayBalance, HolidayBalance, LawRuleSet, PeriodBalance, UserBalance } from '@shop/contracts';
import { addDays, daysBetween, localDate, parseTime, weekdayOf, zonedInstant } from '../opening-hours/time-zone.js';
import { lawWarnings } from './working-time-check.js';
import { netMinutes, weekOf, type TimedActivity } from './working-time.js';

const MINUTE = 60_000;

export interface PlannedShift {
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  /** the zone of its branch (issue 19); left out: the sheet's zone */
  timeZone?: string;
}

/** The instants a shift starts and ends (an end at or before the start is the next day). */
export function shiftInterval(s: Omit<PlannedShift, 'breakMinutes'>, timeZone: string): { start: Date; end: Date } {
  const from = parseTime(s.start);
  let to = parseTime(s.end);
  if (to <= from) to += 24 * 60;
  return { start: zonedInstant(s.date, from, timeZone), end: zonedInstant(s.date, to, timeZone) };
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

/**
 * The holiday days a holiday activity takes (issue 19): each working day, Monday to Friday, of the local days it
 * covers in its branch's zone. Saturdays and Sundays are not taken (the 25 days of § 2 UrlG are working days of a
 * five-day week); public holidays are not known to the service and count when they fall on a weekday.
 */
export function holidayDays(a: { start: string; end: string | null }, timeZone: string): string[] {
  return coveredDays(a, timeZone).filter((d) => weekdayOf(d) !== 'saturday' && weekdayOf(d) !== 'sunday');
}

/**
 * One employee's balance over [from, to]. Work counts on the local day it started; a holiday, sick leave or other
 * absence credits the planned minutes of every day it covers (it neither adds overtime nor leaves a gap). An activity or shift that
 * names its own zone (its branch's) is counted on its local day there, so a person working in branches of two zones
 * has every day, week and month of each read where it happened; `timeZone` is the rest's.
 */
export function userBalance(input: {
  user: number;
  from: string;
  to: string;
  timeZone: string;
  activities: readonly TimedActivity[];
  schedules: readonly PlannedShift[];
  ruleSet: LawRuleSet;
  now?: Date;
}): UserBalance {
  const { timeZone, now = new Date() } = input;
  const planned = new Map<string, number>();
  for (const s of input.schedules)
    planned.set(s.date, (planned.get(s.date) ?? 0) + plannedMinutes(s, s.timeZone ?? timeZone));
  const worked = new Map<string, number>();
  const absent = new Set<string>();
  for (const a of input.activities) {
    const date = localDate(Date.parse(a.start), a.timeZone ?? timeZone);
    if (a.kind === 'work') worked.set(date, (worked.get(date) ?? 0) + netMinutes(a, now));
    else for (const day of coveredDays(a, a.timeZone ?? timeZone)) absent.add(day);
  }
  const warnings = lawWarnings(input.activities, input.ruleSet, timeZone, now);
  let balance = 0;
  const days: DayBalance[] = daysOf(input.from, input.to).map((date) => {
    const p = planned.get(date) ?? 0;
    const w = (worked.get(date) ?? 0) + (absent.has(date) ? p : 0);
    balance += w - p;
    return {
      date,
      plannedMinutes: p,
      workedMinutes: w,
      differenceMinutes: w - p,
      balanceMinutes: balance,
      warnings: warnings.filter((x) => x.date === date),
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
 * factor; taken days (the distinct `holidayDays` of the year's holiday activities) use the carry-over first while it is valid; what of the
 * carry-over is not taken by its expiry (`asOf` past it) lapses.
 */
export function holidayBalance(e: HolidayEntitlement, holidayDays: readonly string[], asOf: string): HolidayBalance {
  const first = `${e.year}-01-01`;
  const last = `${e.year}-12-31`;
  const yearDays = daysBetween(first, last) + 1;
  const from = e.employedFrom && e.employedFrom > first ? e.employedFrom : first;
  const to = e.employedTo && e.employedTo < last ? e.employedTo : last;
  const employed = Math.max(0, daysBetween(from, to) + 1);
  const entitlement = toHalfDays((e.daysPerYear * e.partTimeFactor * employed) / yearDays);
  const days = [...new Set(holidayDays.filter((d) => d.startsWith(`${e.year}-`)))].sort();
  const expiry = e.carryOverExpires;
  const takenBeforeExpiry = expiry ? days.filter((d) => d <= expiry).length : days.length;
  const expired =
    e.carryOverExpires && asOf > e.carryOverExpires ? Math.max(0, e.carryOverDays - takenBeforeExpiry) : 0;
  return {
    user: e.user,
    year: e.year,
    entitlementDays: entitlement,
    carryOverDays: e.carryOverDays,
    expiredCarryOverDays: expired,
    takenDays: days.length,
    remainingDays: entitlement + e.carryOverDays - expired - days.length,
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
