import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@shop/domain';

export type Preset = 'today' | 'last7' | 'last30' | 'last90' | 'thisMonth' | 'lastMonth' | 'lastYear';
export const PRESETS: Preset[] = ['today', 'last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'lastYear'];

/** A calendar day in the shop's time zone, `2026-11-25`. */
export function shopDay(at: Date, days = 0, tz = DEFAULT_TIME_ZONE): string {
  const d = new TZDate(at.getTime(), tz);
  const shifted = new TZDate(d.getFullYear(), d.getMonth(), d.getDate() + days, tz);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getFullYear()}-${pad(shifted.getMonth() + 1)}-${pad(shifted.getDate())}`;
}

export interface Period {
  from: string;
  to: string;
}

/** The days of a preset, ending today (shop time zone). */
export function presetPeriod(preset: Preset, now = new Date()): Period {
  const today = shopDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: shopDay(now, -6), to: today };
    case 'last30':
      return { from: shopDay(now, -29), to: today };
    case 'last90':
      return { from: shopDay(now, -89), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      // the day before the 1st of this month is the last of the previous one
      const last = fromNumber(dayNumber(`${today.slice(0, 8)}01`) - 1);
      return { from: `${last.slice(0, 8)}01`, to: last };
    }
    case 'lastYear': {
      const year = Number(today.slice(0, 4)) - 1;
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
  }
}

const dayMs = 86_400_000;
const dayNumber = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / dayMs;
const fromNumber = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

/** Change in percent against the previous value; null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * RFC 4180 CSV (quotes doubled, fields holding the separator, a quote or a line break quoted). The dashboard's
 * downloads use ';', the separator a spreadsheet in de-AT splits on (its decimal comma would split a ',' file).
 */
export function toCsv(rows: Array<Array<string | number>>, separator: ',' | ';' = ','): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /["\n\r]/.test(s) || s.includes(separator) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(separator)).join('\r\n') + '\r\n';
}

export type SeriesInterval = 'hour' | 'day';

/** The series' interval for a period: a single day by the hour, anything longer by the day. */
export const intervalOf = (p: Period): SeriesInterval => (p.from === p.to ? 'hour' : 'day');

/**
 * The start of every bucket of the period (epoch ms): each hour of a single day (23 or 25 on the days daylight
 * saving changes), else each calendar day, in the shop's time zone, as the statistics service buckets them. The
 * chart's x axis runs over exactly these (and the days without figures count 0), so it never leaves the period.
 */
export function periodBuckets(p: Period, interval: SeriesInterval, tz = DEFAULT_TIME_ZONE): number[] {
  const startOf = (day: number) => {
    const d = fromNumber(day);
    return new TZDate(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10), tz).getTime();
  };
  const first = dayNumber(p.from);
  const last = dayNumber(p.to);
  const days = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => startOf(first + i));
  if (interval === 'day') return days;
  const end = startOf(last + 1);
  const hours: number[] = [];
  for (let t = days[0] ?? end; t < end; t += 3_600_000) hours.push(t);
  return hours;
}

/** The x axis' domain: the first and the last bucket of the period (a single bucket gets a minute either side). */
export function axisDomain(buckets: readonly number[]): [number, number] {
  const first = buckets[0] ?? 0;
  const last = buckets[buckets.length - 1] ?? first;
  return first === last ? [first - 60_000, last + 60_000] : [first, last];
}

/** The buckets the time axis labels: every k-th, so that at most `max` labels fit (the first always among them). */
export function axisTicks(buckets: readonly number[], max: number): number[] {
  const step = Math.max(1, Math.ceil(buckets.length / Math.max(1, max)));
  return buckets.filter((_, i) => i % step === 0);
}

/** The calendar days of a period, '2026-11-01' … (in the order of periodBuckets' days). */
export function periodDays(p: Period): string[] {
  const first = dayNumber(p.from);
  return Array.from({ length: Math.max(0, dayNumber(p.to) - first + 1) }, (_, i) => fromNumber(first + i));
}
