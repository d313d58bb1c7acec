/**
 * Working time of activities and the working-time law checks (issue 19). Pure: the time-tracking service and the
 * back office call the same code. Minutes are real minutes between instants, so a shift across a daylight-saving
 * change counts the hours that really passed; days are local days in the given time zone.
 */
import type { ActivityKind, ActivityState, LawRuleSet, LawWarning } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { addDays, localDate, weekdayOf, WEEKDAYS } from '../opening-hours/time-zone.js';

export interface TimedPause {
  start: string;
  end: string | null;
}
/** What the rules need of an activity. */
export interface TimedActivity {
  id?: number;
  kind: ActivityKind;
  start: string;
  end: string | null;
  pauses: TimedPause[];
  /** the zone of its branch, its days are read in (issue 19); left out: the zone the caller passes */
  timeZone?: string;
}

const MINUTE = 60_000;
const ms = (iso: string) => Date.parse(iso);

/** running (no end, no open pause), paused (an open pause) or ended. */
export function activityState(a: Pick<TimedActivity, 'end' | 'pauses'>): ActivityState {
  if (a.end !== null) return 'ended';
  return a.pauses.some((p) => p.end === null) ? 'paused' : 'running';
}

/** Minutes of the activity's pauses (an open pause up to `now` or the activity's end). */
export function pauseMinutes(a: TimedActivity, now: Date = new Date()): number {
  const until = a.end ? ms(a.end) : now.getTime();
  return a.pauses.reduce((sum, p) => sum + Math.max(0, (p.end ? ms(p.end) : until) - ms(p.start)) / MINUTE, 0);
}

/** Minutes from start to end (or `now` while it runs), net of pauses, whole minutes (rounded down). */
export function netMinutes(a: TimedActivity, now: Date = new Date()): number {
  const until = a.end ? ms(a.end) : now.getTime();
  return Math.max(0, Math.floor((until - ms(a.start)) / MINUTE - pauseMinutes(a, now) + 1e-9));
}

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

/** '8 h 31 min', '45 min', '10 h' */
export function formatDuration(minutes: number): string {
  const m = Math.round(minutes);
  const h = Math.floor(Math.abs(m) / 60);
  const rest = Math.abs(m) % 60;
  const sign = m < 0 ? '-' : '';
  if (h === 0) return `${sign}${rest} min`;
  return rest === 0 ? `${sign}${h} h` : `${sign}${h} h ${rest} min`;
}

/** The Monday of the ISO week of a local day. */
export function weekOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

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
