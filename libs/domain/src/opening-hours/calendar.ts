/** §2.7 "Date picker: month calendar with ISO week numbers and weekdays Mo to So". */
import { addDays, daysBetween, weekdayOf, WEEKDAYS } from './time-zone.js';

export const CALENDAR_WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** ISO-8601 week number of a local date 'YYYY-MM-DD'. */
export function isoWeek(date: string): number {
  const monday = WEEKDAYS.indexOf(weekdayOf(date));
  const thursday = addDays(date, 3 - monday);
  const jan1 = `${thursday.slice(0, 4)}-01-01`;
  return Math.floor(daysBetween(jan1, thursday) / 7) + 1;
}

export interface CalendarWeek {
  week: number;
  /** Monday to Sunday; null outside the month */
  days: Array<string | null>;
}

/** The weeks of a month (month 1–12), Monday first. */
export function monthCalendar(year: number, month: number): CalendarWeek[] {
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const weeks: CalendarWeek[] = [];
  let monday = addDays(first, -WEEKDAYS.indexOf(weekdayOf(first)));
  const inMonth = (d: string) => d.slice(0, 7) === first.slice(0, 7);
  while (weeks.length === 0 || inMonth(monday)) {
    const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i)).map((d) => (inMonth(d) ? d : null));
    weeks.push({ week: isoWeek(monday), days });
    monday = addDays(monday, 7);
  }
  return weeks;
}
