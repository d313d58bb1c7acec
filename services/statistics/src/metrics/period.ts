import { TZDate } from '@date-fns/tz';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

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
