import { TZDate } from '@date-fns/tz';
import { format, STATISTICS_TEXTS } from '@shop/i18n-de';
import { DomainException } from '@shop/server';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The start of a calendar day in the shop's time zone (`days` later: the start of the day after). */
export function dayStart(date: string, tz: string, days = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d + days, tz).getTime());
}

/**
 * `from` and `to` of a statistics query: a date means whole days in the shop's time zone (`to` includes its
 * day), an ISO date-time the instant itself.
 */
export function resolveRange(from: string, to: string, tz: string): { from: Date; to: Date } {
  return {
    from: DATE.test(from) ? dayStart(from, tz) : new Date(from),
    to: DATE.test(to) ? dayStart(to, tz, 1) : new Date(to),
  };
}

/**
 * The period right before [from, to) (`compare=previous`): a period of whole calendar months (from a month's first
 * day to a month's last day, as "Letzter Monat" and "Letztes Jahr" ask) is compared with as many calendar months
 * before it (November with October, a year with the year before); other periods of dates with as many calendar days
 * before `from` (whatever daylight saving did to their hours); periods of instants with the instants as long before.
 */
export function previousRange(
  q: { from: string; to: string },
  range: { from: Date; to: Date },
  tz: string,
): { from: Date; to: Date } {
  const a = DATE.exec(q.from);
  const b = DATE.exec(q.to);
  if (a && b) {
    const [fy, fm, fd] = a.slice(1).map(Number);
    const [ty, tm, td] = b.slice(1).map(Number);
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    // the last day of `to`'s month: day 0 of the month after
    const monthEnd = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
    if (fd === 1 && td === monthEnd && months > 0)
      return { from: new Date(new TZDate(fy, fm - 1 - months, 1, tz).getTime()), to: range.from };
    const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS) + 1;
    return { from: dayStart(q.from, tz, -days), to: range.from };
  }
  return { from: new Date(2 * range.from.getTime() - range.to.getTime()), to: range.from };
}

/**
 * the years a statistics period may lie in, 1970 to 2999 in any time zone (TZDate reads years below 100 as 19xx;
 * nothing was sold before 1970; a year past 9999 is no date Postgres or an ISO string holds)
 */
export const PERIOD_BOUNDS = { min: new Date('1969-12-31T00:00:00Z'), max: new Date('3000-01-02T00:00:00Z') };
/** the longest period answered (its daily series and grid months stay a small answer) */
export const MAX_PERIOD_YEARS = 10;
/** the longest period answered by the hour (its buckets stay far below the bus' 1 MiB per answer) */
export const MAX_HOURLY_DAYS = 92;

const badRange = (field: string, message: string) => new DomainException('BAD_REQUEST', [{ field, message }], message);

/**
 * Checks that the instants of a query lie within PERIOD_BOUNDS (issue 41: a year 1 or 10000 is a German field error,
 * not a 500 of the date arithmetic or the database), each named by its field.
 */
export function checkBounds(instants: Record<string, Date>): void {
  const bounds = { min: '01.01.1970', max: '31.12.2999' };
  for (const [field, at] of Object.entries(instants))
    if (!(at >= PERIOD_BOUNDS.min && at <= PERIOD_BOUNDS.max))
      throw badRange(field, format(STATISTICS_TEXTS.dateOutOfBounds, bounds));
}

/**
 * Checks a resolved period (issue 41: bad input is a German field error, never a 500): within PERIOD_BOUNDS, its
 * end after its start, at most MAX_PERIOD_YEARS long and, by the hour, MAX_HOURLY_DAYS.
 */
export function checkRange(range: { from: Date; to: Date }, interval: string): void {
  const { from, to } = range;
  checkBounds({ from, to });
  if (to <= from) throw badRange('to', STATISTICS_TEXTS.rangeEnd);
  const limit = new Date(from);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_PERIOD_YEARS);
  if (to > limit) throw badRange('to', format(STATISTICS_TEXTS.rangeTooLong, { years: MAX_PERIOD_YEARS }));
  // an hour's slack: the days of daylight saving
  if (interval === 'hour' && to.getTime() - from.getTime() > MAX_HOURLY_DAYS * DAY_MS + 3_600_000)
    throw badRange('interval', format(STATISTICS_TEXTS.hourlyTooLong, { days: MAX_HOURLY_DAYS }));
}
