/**
 * The weekday × hour grid (`cells` of visitor-times and order-times: the dashboard's heatmap of visits against
 * orders), weekday and hour in the shop's time zone. Its SQL parts for MetricRepository.rows: cells of hourly rows,
 * cells of a month's `#grid` rollup (168 per branch, key 'dow:hod'), and which months are read from those.
 */
import { dayStart } from './period.js';
import { addDays, localDay, spanStart } from './rollups.js';

const HOUR_MS = 3_600_000;

/** binds a value as the next parameter and answers its position (as MetricRepository's) */
type Bind = (v: unknown) => number;

/** the grid's rows (dow, hod, branch, value) of hourly rows */
export const hourCells = (rows: string, p: Bind, tz: string): string =>
  `SELECT extract(isodow FROM hour AT TIME ZONE $${p(tz)}::text)::int AS dow,
         extract(hour FROM hour AT TIME ZONE $${p(tz)}::text)::int AS hod, branch, value FROM ${rows} h`;

/**
 * The grid's rows of a month's `#grid` rollup rows (key 'dow:hod'). Named: without hour rows before them in the
 * UNION the months' rows name the columns (before: `column "dow" does not exist` for whole months).
 */
export const monthCells = (rows: string): string =>
  `SELECT split_part(key, ':', 1)::int AS dow, split_part(key, ':', 2)::int AS hod, branch, value FROM (${rows}) g`;

/**
 * The calendar months (shop time zone) the whole hours [h1, h2) touch, each with the part of it in the range
 * [a, b) and whether its grid is read from the month's cells (`#grid`: 168 per branch) less its hours outside the
 * range (those up to `now`: later hours have no rows): when that reads fewer hours than the range's own, as for a
 * whole month or the current month of "the last 30 days".
 */
export function gridMonths(
  h1: Date,
  h2: Date,
  tz: string,
  now = Date.now(),
): Array<{ month: string; start: Date; end: Date; a: Date; b: Date; cells: boolean }> {
  const months = [];
  const hoursOf = (x: number, y: number) => Math.max(0, y - x) / HOUR_MS;
  for (let month = spanStart('month', localDay(tz)(h1)), start = dayStart(month, tz); start < h2;) {
    const next = spanStart('month', addDays(month, 31));
    const end = dayStart(next, tz);
    const a = start > h1 ? start : h1;
    const b = end < h2 ? end : h2;
    const outside = hoursOf(start.getTime(), a.getTime()) + hoursOf(b.getTime(), Math.min(end.getTime(), now));
    months.push({ month, start, end, a, b, cells: outside + 168 < hoursOf(a.getTime(), b.getTime()) });
    month = next;
    start = end;
  }
  return months;
}
