/**
 * Wall-clock arithmetic in an IANA time zone with the platform's Intl.DateTimeFormat only.
 * Local dates are 'YYYY-MM-DD' strings, local times minutes since local midnight.
 */
import type { Weekday } from '@shop/contracts';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const satisfies readonly Weekday[];

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
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
  return { year, month, day, hour, minute, second: wall.getUTCSeconds(), date, minutes: hour * 60 + minute, weekday: weekdayOf(date) };
}

/** Offsets only change on quarter hours (tz database since 1970), so they are cached per quarter hour. */
const QUARTER_HOUR = 900_000;
const offsetCache = new Map<string, number>();

/** Offset of local wall clock against UTC at `epochMs`, in milliseconds (from Intl.DateTimeFormat). */
export function offsetMs(epochMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(epochMs / QUARTER_HOUR)}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = values;
  const wall = Date.UTC(year, month - 1, day, hour === 24 ? 0 : hour, minute, second);
  const offset = wall - (epochMs - (((epochMs % 1000) + 1000) % 1000));
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
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
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
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
  const candidates = [wall - before, wall - after].filter((t, i) => offsetMs(t, timeZone) === (i === 0 ? before : after));
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

const weekdayNames = new Map<string, Intl.DateTimeFormat>();

/** The German (or `locale`) name of a weekday, e.g. 'Montag', from the platform's Intl data. */
export function weekdayName(day: Weekday, locale = 'de-AT'): string {
  let f = weekdayNames.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    weekdayNames.set(locale, f);
  }
  // 2024-01-01 was a Monday
  return f.format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
}
