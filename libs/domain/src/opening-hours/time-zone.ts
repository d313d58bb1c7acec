/**
 * Wall-clock arithmetic in an IANA time zone. The zone's UTC offset at an instant comes from @date-fns/tz
 * (`tzOffset`, which reads it from the platform's Intl data); the calendar arithmetic and the rule for DST
 * gaps and overlaps are ours (see `zonedInstant`). Local dates are 'YYYY-MM-DD' strings, local times
 * minutes since local midnight.
 *
 * Why not `new TZDate(y, m, d, h, min, zone)` for the wall clock → instant direction: TZDate resolves a
 * repeated wall-clock time (02:30 on 2026-10-25 in Vienna) by way of the process's own time zone, so a
 * server in UTC gets the second occurrence and a browser in Vienna the first; with some process zones it
 * even lands on a different wall-clock time around a change (date-fns/tz issues #13, #40). Opening hours
 * and slots must come out the same on the server and in every browser.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import type { Weekday } from '@shop/contracts';
import { WEEKDAY_NAMES } from '@shop/i18n-de';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const satisfies readonly Weekday[];

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** minutes since local midnight */
  minutes: number;
  weekday: Weekday;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock of `instant` in `timeZone`. */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const wall = new Date(t + offsetMs(t, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: wall.getUTCSeconds(),
    date,
    minutes: hour * 60 + minute,
    weekday: weekdayOf(date),
  };
}

/** Offsets only change on quarter hours (tz database since 1970), so they are cached per quarter hour. */
const QUARTER_HOUR = 900_000;
const DAY = 86_400_000;
const offsetCache = new Map<string, number>();
/** per zone and UTC day: the day's offset when it is the same at its first and last millisecond, else null */
const dayOffsetCache = new Map<string, number | null>();
const CACHE_SIZE = 50_000;

/**
 * Offset of local wall clock against UTC at `epochMs`, in milliseconds. A RangeError for an unknown time
 * zone or an invalid instant (as Intl.DateTimeFormat throws). Known limit of @date-fns/tz 1.5.0: an offset
 * between -01:00 and 00:00 comes back with a plus sign; no zone has had one since 1972 (Africa/Monrovia
 * -00:44:30 until 1972-01-07, the local mean time of Dublin, Reykjavik and West Africa before that).
 *
 * Asked through Intl at most twice per zone and UTC day: a day whose first and last millisecond have the same
 * offset has it throughout (no zone changes its offset twice within a day and back); only a day with a change
 * is looked up per quarter hour. Opening hours look days ahead (the next shift, slots, a whole branch list's
 * states): with one Intl call per quarter hour asked, the branch list's first render spent a third of its script
 * time in Intl on a slow phone.
 */
export function offsetMs(epochMs: number, timeZone: string): number {
  const day = Math.floor(epochMs / DAY);
  const dayKey = `${timeZone}|${day}`;
  let dayOffset = dayOffsetCache.get(dayKey);
  if (dayOffset === undefined) {
    const first = intlOffset(day * DAY, timeZone);
    dayOffset = first === intlOffset(day * DAY + DAY - 1, timeZone) ? first : null;
    if (dayOffsetCache.size > CACHE_SIZE) dayOffsetCache.clear();
    dayOffsetCache.set(dayKey, dayOffset);
  }
  if (dayOffset !== null) return dayOffset;
  const key = `${timeZone}|${Math.floor(epochMs / QUARTER_HOUR)}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const offset = intlOffset(epochMs, timeZone);
  if (offsetCache.size > CACHE_SIZE) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

function intlOffset(epochMs: number, timeZone: string): number {
  const at = new Date(epochMs);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  // minutes, with a historical offset's seconds as a fraction (Vienna's LMT +01:05:21 is 65.35); NaN for a
  // time zone Intl does not know
  const minutes = tzOffset(timeZone, at);
  if (Number.isNaN(minutes)) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return Math.round(minutes * 60_000);
}

function parseDate(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function utcDay(date: string): number {
  const [y, m, d] = parseDate(date);
  return Date.UTC(y, m - 1, d);
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const t = new Date(utcDay(date) + days * 86_400_000);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Calendar days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcDay(b) - utcDay(a)) / 86_400_000);
}

export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(utcDay(date)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7];
}

/** 'HH:mm' (or '24:00') to minutes. */
export function parseTime(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) throw new RangeError(`not a time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes (any value, wrapped into one day) to 'HH:mm'. */
export function formatMinutes(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` plus `minutes` (minutes may exceed
 * one day). A wall-clock time skipped by a DST change (02:30 on 2026-03-29 in Vienna) resolves to the
 * same distance after the change (03:30); a repeated one (02:30 on 2026-10-25) to its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = utcDay(date) + minutes * 60_000;
  const before = offsetMs(wall - 86_400_000, timeZone);
  const after = offsetMs(wall + 86_400_000, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (t, i) => offsetMs(t, timeZone) === (i === 0 ? before : after),
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** The local date of `instant` in `timeZone`. */
export function localDate(instant: Date | number, timeZone: string): string {
  return zonedParts(instant, timeZone).date;
}

/** The instant `days` calendar days after `instant`, keeping its local wall-clock time. */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const p = zonedParts(instant, timeZone);
  return zonedInstant(addDays(p.date, days), p.minutes + p.second / 60, timeZone);
}

/**
 * The German name of a weekday, e.g. 'Montag': constants, not Intl (the branch list's first render in the browser
 * made its first Intl date format for them, the largest single step of its hydration on a slow phone, issue 22).
 */
export function weekdayName(day: Weekday): string {
  return WEEKDAY_NAMES[day];
}

/**
 * The offsets of whole UTC days of a zone, `null` for a day with a change (see `offsetMs`): what a server render
 * used, so the browser hydrating its markup needs no Intl for them (`learnZoneDays`).
 */
export interface ZoneDays {
  zone: string;
  /** days since 1970-01-01 (UTC) of the first entry */
  firstDay: number;
  offsets: Array<number | null>;
}

/** The offsets of `days` UTC days in `zone` from the day of `fromMs` (through `offsetMs`, so cached). */
export function zoneDays(zone: string, fromMs: number, days: number): ZoneDays {
  const firstDay = Math.floor(fromMs / DAY);
  const offsets = Array.from({ length: days }, (_, i) => {
    offsetMs((firstDay + i) * DAY, zone);
    return dayOffsetCache.get(`${zone}|${firstDay + i}`) ?? null;
  });
  return { zone, firstDay, offsets };
}

/**
 * Takes day offsets a server render used (`zoneDays`): the storefront's first render in the browser asked Intl for
 * them (its first time-zone format costs a slow phone ~130 ms, issue 22). A day without a number is still asked of
 * Intl; a list of another shape throws (its caller then leaves everything to Intl).
 */
export function learnZoneDays(list: ZoneDays[]): void {
  for (const { zone, firstDay, offsets } of list)
    offsets.forEach((offset, i) => typeof offset === 'number' && dayOffsetCache.set(`${zone}|${firstDay + i}`, offset));
}
