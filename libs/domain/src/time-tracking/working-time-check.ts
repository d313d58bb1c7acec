/**
 * The working-time check (issue 19): the law's rule sets (Austria's AZG, Germany's ArbZG) as data with their legal
 * sources, and the warnings a list of activities earns against them (daily maximum, breaks, daily rest, weekly
 * maximum). Never blocking: the time clock, the activity list, the balances and the planner show them. Pure, so
 * the time-tracking service and the back office judge alike.
 */
import type { LawRuleSet, LawWarning } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { localDate } from '../opening-hours/time-zone.js';
import { formatDuration, netMinutes, pauseMinutes, weekOf, type TimedActivity } from './working-time.js';

const MINUTE = 60_000;
const ms = (iso: string) => Date.parse(iso);

/** A figure of a rule set with the law it comes from. */
interface Figure {
  minutes: number;
  source: string;
}
export interface WorkingTimeRules {
  name: string;
  /** working time of a day (net of breaks) above which a warning is given */
  dailyMaximum: Figure;
  /** breaks required once the day's working time (net of breaks) exceeds `afterMinutes` */
  breaks: Array<{ afterMinutes: number; minutes: number; source: string }>;
  /** uninterrupted rest between the end of one working day and the start of the next */
  dailyRest: Figure;
  weeklyMaximum: Figure | null;
}

/**
 * The rule sets as data, each figure with its legal source. Austria is the default. Working time for the break
 * rules is the time worked net of breaks: the German ArbZG § 4 requires 30 minutes for "mehr als sechs bis zu neun
 * Stunden" and 45 minutes for "mehr als neun Stunden" of Arbeitszeit, which § 2 Abs. 1 defines without the breaks.
 */
export const WORKING_TIME_RULES: Record<LawRuleSet, WorkingTimeRules> = {
  AT: {
    name: 'Österreich (AZG)',
    dailyMaximum: { minutes: 12 * 60, source: '§ 9 Abs. 1 AZG' },
    breaks: [{ afterMinutes: 6 * 60, minutes: 30, source: '§ 11 Abs. 1 AZG' }],
    dailyRest: { minutes: 11 * 60, source: '§ 12 Abs. 1 AZG' },
    weeklyMaximum: { minutes: 60 * 60, source: '§ 9 Abs. 1 AZG' },
  },
  DE: {
    name: 'Deutschland (ArbZG)',
    dailyMaximum: { minutes: 10 * 60, source: '§ 3 ArbZG' },
    breaks: [
      { afterMinutes: 6 * 60, minutes: 30, source: '§ 4 ArbZG' },
      { afterMinutes: 9 * 60, minutes: 45, source: '§ 4 ArbZG' },
    ],
    dailyRest: { minutes: 11 * 60, source: '§ 5 Abs. 1 ArbZG' },
    weeklyMaximum: null,
  },
};

interface WorkDay {
  date: string;
  net: number;
  breaks: number;
  first: number;
  last: number;
}

/**
 * The law warnings of these activities (work only; holidays and sick days are no working time), per local day of
 * each activity's start (in its own zone, else `timeZone`). Breaks are the pauses plus the gaps between the day's activities. Never blocking.
 */
export function lawWarnings(
  activities: readonly TimedActivity[],
  ruleSet: LawRuleSet,
  timeZone: string,
  now: Date = new Date(),
): LawWarning[] {
  const rules = WORKING_TIME_RULES[ruleSet];
  const work = activities.filter((a) => a.kind === 'work').sort((a, b) => ms(a.start) - ms(b.start));
  const days = new Map<string, WorkDay>();
  for (const a of work) {
    const date = localDate(ms(a.start), a.timeZone ?? timeZone);
    const end = a.end ? ms(a.end) : now.getTime();
    const day = days.get(date) ?? { date, net: 0, breaks: 0, first: ms(a.start), last: end };
    if (days.has(date)) day.breaks += Math.max(0, (ms(a.start) - day.last) / MINUTE);
    day.net += netMinutes(a, now);
    day.breaks += pauseMinutes(a, now);
    day.last = Math.max(day.last, end);
    days.set(date, day);
  }
  const warnings: LawWarning[] = [];
  const warn = (rule: LawWarning['rule'], date: string, source: string, message: string) =>
    warnings.push({ rule, date, source, message });
  let previous: WorkDay | null = null;
  const weeks = new Map<string, { net: number; last: string }>();
  for (const day of [...days.values()].sort((a, b) => a.first - b.first)) {
    if (day.net > rules.dailyMaximum.minutes)
      warn(
        'dailyMaximum',
        day.date,
        rules.dailyMaximum.source,
        t('timeTracking.lawDailyMaximum', {
          limit: formatDuration(rules.dailyMaximum.minutes),
          worked: formatDuration(day.net),
        }),
      );
    const due = rules.breaks.filter((b) => day.net > b.afterMinutes).at(-1);
    const taken = Math.floor(day.breaks + 1e-9);
    if (due && taken < due.minutes)
      warn(
        'break',
        day.date,
        due.source,
        t('timeTracking.lawBreak', { worked: formatDuration(day.net), required: due.minutes, taken }),
      );
    if (previous) {
      const rest = (day.first - previous.last) / MINUTE;
      if (rest < rules.dailyRest.minutes)
        warn(
          'dailyRest',
          day.date,
          rules.dailyRest.source,
          t('timeTracking.lawDailyRest', {
            limit: formatDuration(rules.dailyRest.minutes),
            rest: formatDuration(Math.max(0, Math.floor(rest))),
          }),
        );
    }
    previous = day;
    const week = weekOf(day.date);
    const w = weeks.get(week) ?? { net: 0, last: day.date };
    w.net += day.net;
    w.last = day.date;
    weeks.set(week, w);
  }
  if (rules.weeklyMaximum)
    for (const w of weeks.values())
      if (w.net > rules.weeklyMaximum.minutes)
        warn(
          'weeklyMaximum',
          w.last,
          rules.weeklyMaximum.source,
          t('timeTracking.lawWeeklyMaximum', {
            limit: formatDuration(rules.weeklyMaximum.minutes),
            worked: formatDuration(w.net),
          }),
        );
  return warnings.sort((a, b) => a.date.localeCompare(b.date));
}
