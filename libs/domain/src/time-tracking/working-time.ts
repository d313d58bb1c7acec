/**
 * Working time of activities (issue 19); the law checks on it are in working-time-check.ts. Pure: the
 * time-tracking service and the back office call the same code. Minutes are real minutes between instants, so a shift across a daylight-saving
 * change counts the hours that really passed; days are local days in the given time zone.
 */
import type { ActivityKind, ActivityState } from '@shop/contracts';
import { addDays, weekdayOf, WEEKDAYS } from '../opening-hours/time-zone.js';

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
  /** an absence of half a day (issue 41): half the day's plan is credited */
  halfDay?: boolean;
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
