import { dayStart } from './period.js';
import { addDays, localDay, spanStart, type Span } from './rollups.js';

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
