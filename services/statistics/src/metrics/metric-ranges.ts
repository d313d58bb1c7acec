import { dayStart } from './period.js';
import { addDays, localDay, spanStart, type Span } from './rollups.js';

const HOUR_MS = 3_600_000;

/**
 * The whole calendar days (shop time zone) within the whole hours [h1, h2): the first day, the day after the last
 * (dates, for rollup_daily) and their instants; null when no whole day fits.
 */
export function wholeDays(h1: Date, h2: Date, tz: string): { first: string; end: string; from: Date; to: Date } | null {
  const day = localDay(tz);
  let first = day(h1);
  let start = dayStart(first, tz);
  if (start < h1) {
    start = dayStart(first, tz, 1);
    first = day(start);
  }
  const last = day(h2);
  const end = dayStart(last, tz);
  if (end <= start) return null;
  return { first, end: last, from: start, to: end };
}

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

/** The whole calendar months within the days [first, end) (dates; `b` exclusive), or null. */
export function wholeMonths(first: string, end: string): { a: string; b: string } | null {
  const a = spanStart('month', first) === first ? first : spanStart('month', addDays(spanStart('month', first), 31));
  const b = spanStart('month', end);
  return a < b ? { a, b } : null;
}

/**
 * The days [first, end) as whole months, then whole weeks (from Monday) within what is left on either side, then
 * single days: the fewest rollup_span and rollup_daily rows for a long range's top list.
 */
export function splitSpans(first: string, end: string): Array<{ span: Span | 'day'; a: string; b: string }> {
  const spans: Array<{ span: Span | 'day'; a: string; b: string }> = [];
  const weeks = (a: string, b: string) => {
    if (a >= b) return;
    const wa = spanStart('week', a) === a ? a : addDays(spanStart('week', a), 7);
    const wb = spanStart('week', b);
    if (wa < wb) {
      if (a < wa) spans.push({ span: 'day', a, b: wa });
      spans.push({ span: 'week', a: wa, b: wb });
      if (wb < b) spans.push({ span: 'day', a: wb, b });
    } else spans.push({ span: 'day', a, b });
  };
  const m = wholeMonths(first, end);
  if (!m) weeks(first, end);
  else {
    weeks(first, m.a);
    spans.push({ span: 'month', a: m.a, b: m.b });
    weeks(m.b, end);
  }
  return spans;
}
