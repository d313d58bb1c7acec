/**
 * Opening hours in rule form (§3 "Rule form: type (once, daily, or a weekday name), date, from, to,
 * isClosed") turned into per-day ranges and into real instants in the branch's time zone.
 *
 * Interpretation (README "Opening hours"):
 * - open ranges of a date are its `once` open rules when it has any (daily and weekday rules of that
 *   date, open or closed, are then ignored), else its daily and weekday open rules;
 * - every closed rule that applies to the date (once on that date, and daily/weekday unless overridden)
 *   removes its from–to window from that date's ranges; from == to (e.g. '00:00'–'00:00') closes the
 *   whole day;
 * - 'to' '24:00', or a 'to' not later than 'from', runs past midnight; such a range belongs to the
 *   day it starts on (a closed rule of the next day does not cut it).
 */
import type { OpeningHoursRule, Weekday } from '@shop/contracts';
import { addDays, formatMinutes, parseTime, weekdayOf, zonedInstant } from './time-zone.js';

/** A structural subset of OpeningHoursRule, so callers may pass plain objects. */
export type RuleLike = Pick<OpeningHoursRule, 'type' | 'from' | 'to'> & {
  date?: string | null;
  isClosed?: boolean;
};

/** Minutes since the local midnight of the range's day; `end` may exceed 1440 (past midnight). */
export interface MinuteRange {
  start: number;
  end: number;
}

/** A range of one day as shown: from/to 'HH:mm', to '24:00' at midnight. */
export interface DayRange {
  from: string;
  to: string;
}

/** An open interval in real time: [start, end). */
export interface Interval {
  start: Date;
  end: Date;
}

function span(rule: RuleLike): MinuteRange {
  const start = parseTime(rule.from);
  const to = parseTime(rule.to);
  return { start, end: to <= start ? to + 1440 : to };
}

function appliesRegularly(rule: RuleLike, weekday: Weekday): boolean {
  return rule.type === 'daily' || rule.type === weekday;
}

function merge(ranges: MinuteRange[]): MinuteRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: MinuteRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

function subtract(ranges: MinuteRange[], cut: MinuteRange): MinuteRange[] {
  return ranges.flatMap((r) => {
    if (cut.end <= r.start || cut.start >= r.end) return [r];
    const parts: MinuteRange[] = [];
    if (cut.start > r.start) parts.push({ start: r.start, end: cut.start });
    if (cut.end < r.end) parts.push({ start: cut.end, end: r.end });
    return parts;
  });
}

/** §3 "Opening hours: per day ranges with from and to" — the open ranges of local `date` in minutes. */
export function dayMinuteRanges(rules: readonly RuleLike[] | null | undefined, date: string): MinuteRange[] {
  if (!rules) return [];
  const weekday = weekdayOf(date);
  const once = rules.filter((r) => r.type === 'once' && r.date === date);
  const onceOpen = once.filter((r) => !r.isClosed);
  const regular = onceOpen.length > 0 ? [] : rules.filter((r) => appliesRegularly(r, weekday));
  const open = onceOpen.length > 0 ? onceOpen : regular.filter((r) => !r.isClosed);
  const closed = [...once, ...regular].filter((r) => r.isClosed);
  let ranges = merge(open.map(span));
  for (const rule of closed) ranges = subtract(ranges, span(rule));
  return ranges;
}

/** The open ranges of local `date` as 'HH:mm' pairs ('24:00' for midnight at the end). */
export function dayRanges(rules: readonly RuleLike[] | null | undefined, date: string): DayRange[] {
  return dayMinuteRanges(rules, date).map((r) => ({
    from: formatMinutes(r.start),
    to: r.end === 1440 ? '24:00' : formatMinutes(r.end),
  }));
}

/** The open ranges of a regular week (daily, weekday and closed rules; `once` rules ignored). */
export function weekRanges(rules: readonly RuleLike[] | null | undefined): Record<Weekday, DayRange[]> {
  const regular = (rules ?? []).filter((r) => r.type !== 'once');
  // 2024-01-01 was a Monday; any week without once rules gives the same result
  const week = {} as Record<Weekday, DayRange[]>;
  for (let i = 0; i < 7; i++) {
    const date = addDays('2024-01-01', i);
    week[weekdayOf(date)] = dayRanges(regular, date);
  }
  return week;
}

/**
 * The intervals of recent calls, by their rules' content, days and zone (not by the rules array's identity, so
 * a rules array edited in place is never answered from the cache). Every order checks its branch's status and
 * appointment against the same rules and days: under bench:order-full this computation (a branch open around the
 * clock looks a week ahead, day by day) was the largest item of the order service's own code.
 */
const intervalCache = new Map<string, ReadonlyArray<{ start: number; end: number }>>();
const INTERVAL_CACHE_SIZE = 500;

/**
 * Open intervals (real instants, merged where one ends as the next begins) of the local days
 * `fromDate` … `toDate` inclusive, including the past-midnight part of the day before `fromDate`.
 */
export function openIntervals(
  rules: readonly RuleLike[] | null | undefined,
  fromDate: string,
  toDate: string,
  timeZone: string,
): Interval[] {
  if (!rules?.length) return [];
  const key = `${timeZone}|${fromDate}|${toDate}|${JSON.stringify(rules)}`;
  let ranges = intervalCache.get(key);
  if (!ranges) {
    ranges = computeIntervals(rules, fromDate, toDate, timeZone);
    if (intervalCache.size >= INTERVAL_CACHE_SIZE) intervalCache.clear();
    intervalCache.set(key, ranges);
  }
  // new Date objects for every caller: the cached numbers cannot be changed through an answer
  return ranges.map((r) => ({ start: new Date(r.start), end: new Date(r.end) }));
}

function computeIntervals(
  rules: readonly RuleLike[],
  fromDate: string,
  toDate: string,
  timeZone: string,
): Array<{ start: number; end: number }> {
  const raw: Array<{ start: number; end: number }> = [];
  for (let date = addDays(fromDate, -1); date <= toDate; date = addDays(date, 1)) {
    for (const r of dayMinuteRanges(rules, date)) {
      raw.push({
        start: zonedInstant(date, r.start, timeZone).getTime(),
        end: zonedInstant(date, r.end, timeZone).getTime(),
      });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const out: Array<{ start: number; end: number }> = [];
  for (const r of raw) {
    if (r.end <= r.start) continue;
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
