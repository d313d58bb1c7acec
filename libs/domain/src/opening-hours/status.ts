/**
 * §4 "Branch status: open, open but closing soon (less than 60 minutes left), closed (with next shift).
 * Delivery is open according to deliveryHours when isDeliveryHoursEnabled, otherwise according to
 * opening hours. The branch counts as open if opening hours or (when enabled) delivery hours are open."
 */
import type { Branch, Weekday } from '@shop/contracts';
import { CLOSING_SOON_MINUTES, DEFAULT_TIME_ZONE, HELPER_LOOK_AHEAD_DAYS } from '../constants.js';
import { dayMinuteRanges, openIntervals, type Interval, type RuleLike } from './rules.js';
import {
  addDays,
  formatMinutes,
  localDate,
  weekdayOf,
  zonedInstant,
  zonedParts,
  zoneDays,
  type ZoneDays,
} from './time-zone.js';

export type OpeningState = 'open' | 'closingSoon' | 'closed';

/** §3 "Next shift: day ('today' or a day), from, to." */
export interface NextShift {
  day: 'today' | Weekday;
  /** local date 'YYYY-MM-DD' */
  date: string;
  from: string;
  to: string;
  start: Date;
  end: Date;
}

export interface CurrentShift {
  from: string;
  to: string;
  start: Date;
  end: Date;
  minutesLeft: number;
}

export interface OpeningStatus {
  state: OpeningState;
  isOpen: boolean;
  /** the shift `now` lies in (adjacent ranges merged, e.g. 18:00–24:00 and 00:00–02:00) */
  current: CurrentShift | null;
  /** the next shift starting after `now` within the look-ahead (180 days) */
  next: NextShift | null;
}

/** A range end at midnight reads '24:00'. */
function formatEnd(minutes: number): string {
  return minutes % 1440 === 0 ? '24:00' : formatMinutes(minutes);
}

/** The interval of the local day's window (from the day before, `openIntervals`) containing `instant`, if any. */
function intervalAt(
  rules: readonly RuleLike[] | null | undefined,
  t: number,
  today: string,
  until: string,
  timeZone: string,
) {
  return openIntervals(rules, today, until, timeZone).find((i) => i.start.getTime() <= t && t < i.end.getTime());
}

/** The interval containing `instant` (start ≤ instant < end), following ranges across midnight. */
export function currentInterval(
  rules: readonly RuleLike[] | null | undefined,
  instant: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Interval | null {
  const today = localDate(instant, timeZone);
  const t = instant.getTime();
  let until = addDays(today, 1);
  let hit = intervalAt(rules, t, today, until, timeZone);
  // a shift that runs on at the end of the window (24/7 opening): look further, at most a week
  for (let extra = 0; hit && extra < 7 && hit.end.getTime() >= zonedInstant(until, 1440, timeZone).getTime(); extra++) {
    until = addDays(until, 1);
    hit = intervalAt(rules, t, today, until, timeZone);
  }
  return hit ?? null;
}

/**
 * Open at `instant` (start inclusive, end exclusive). The first window decides: following a shift on across days
 * (`currentInterval`) only finds its end, which costs a branch open around the clock a week of intervals; the order
 * service asks this for every order (bench:order-full, issue 45).
 */
export function isOpenAt(
  rules: readonly RuleLike[] | null | undefined,
  instant: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  const today = localDate(instant, timeZone);
  return intervalAt(rules, instant.getTime(), today, addDays(today, 1), timeZone) !== undefined;
}

/** The first shift that starts after `now`, searching `lookAheadDays` local days. */
export function nextShift(
  rules: readonly RuleLike[] | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  lookAheadDays: number = HELPER_LOOK_AHEAD_DAYS,
): NextShift | null {
  const today = localDate(now, timeZone);
  for (let i = 0; i <= lookAheadDays; i++) {
    const date = addDays(today, i);
    for (const r of dayMinuteRanges(rules, date)) {
      const start = zonedInstant(date, r.start, timeZone);
      if (start.getTime() <= now.getTime()) continue;
      return {
        day: date === today ? 'today' : weekdayOf(date),
        date,
        from: formatMinutes(r.start),
        to: formatEnd(r.end),
        start,
        end: zonedInstant(date, r.end, timeZone),
      };
    }
  }
  return null;
}

/** §4 branch status of one set of rules at `now`. */
export function openingStatus(
  rules: readonly RuleLike[] | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): OpeningStatus {
  const interval = currentInterval(rules, now, timeZone);
  const next = nextShift(rules, interval ? interval.end : now, timeZone);
  if (!interval) return { state: 'closed', isOpen: false, current: null, next: adjustDay(next, now, timeZone) };
  const minutesLeft = (interval.end.getTime() - now.getTime()) / 60_000;
  return {
    state: minutesLeft < CLOSING_SOON_MINUTES ? 'closingSoon' : 'open',
    isOpen: true,
    current: {
      from: formatMinutes(zonedParts(interval.start, timeZone).minutes),
      to: formatEnd(zonedParts(interval.end, timeZone).minutes),
      start: interval.start,
      end: interval.end,
      minutesLeft,
    },
    next: adjustDay(next, now, timeZone),
  };
}

/** 'today' is relative to `now`, not to the instant the search started from. */
function adjustDay(next: NextShift | null, now: Date, timeZone: string): NextShift | null {
  if (!next) return null;
  return { ...next, day: next.date === localDate(now, timeZone) ? 'today' : weekdayOf(next.date) };
}

export type BranchHours = Pick<Branch, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled'> & {
  timezone?: string | null;
};

export interface BranchStatus {
  opening: OpeningStatus;
  /** deliveryHours when isDeliveryHoursEnabled, else the opening hours */
  delivery: OpeningStatus;
  /** opening hours open, or (when enabled) delivery hours open */
  isOpen: boolean;
  isDeliveryOpen: boolean;
}

export function branchTimeZone(branch: { timezone?: string | null }): string {
  return branch.timezone || DEFAULT_TIME_ZONE;
}

/** §4 "Delivery is open according to deliveryHours when isDeliveryHoursEnabled, otherwise according to opening hours." */
export function deliveryRules(branch: BranchHours): readonly RuleLike[] {
  return branch.isDeliveryHoursEnabled ? branch.deliveryHours : branch.openingHours;
}

/**
 * The UTC days around `now` whose offsets {@link branchStatus} at `now` reads in `zone`, for a server render to hand
 * to the browser (`learnZoneDays`: hydrating needs no Intl). Behind: intervals from the local day before, each
 * wall-clock time checked against the offsets a day either side, and the local date a day behind the UTC date west
 * of Greenwich (3 days). Ahead: a shift open around the clock is followed a week on (`currentInterval`) and the next
 * shift after it starts the day after (`nextShift`): 11 local days, checked a day either side, and the local date a
 * day ahead of the UTC date east of Greenwich (13 days; 12 came one day short between midnight in Vienna and in
 * London, and the branch list's first render made an Intl date format). A day further on (a branch whose next shift
 * is further away) is asked of Intl.
 */
export function statusZoneDays(zone: string, now: number): ZoneDays {
  const DAY = 86_400_000;
  return zoneDays(zone, now - 3 * DAY, 3 + 1 + 13);
}

/** §4 status of a branch: opening, delivery, and whether it counts as open. */
export function branchStatus(branch: BranchHours, now: Date): BranchStatus {
  const timeZone = branchTimeZone(branch);
  const opening = openingStatus(branch.openingHours, now, timeZone);
  const delivery = branch.isDeliveryHoursEnabled ? openingStatus(branch.deliveryHours, now, timeZone) : opening;
  return {
    opening,
    delivery,
    isOpen: opening.isOpen || (branch.isDeliveryHoursEnabled && delivery.isOpen),
    isDeliveryOpen: delivery.isOpen,
  };
}

/** §2.5 "The whole branch is styled closed when it is closed and preorder is off." */
export function isBranchStyledClosed(
  branch: Pick<Branch, 'isPreorderEnabled'>,
  status: Pick<BranchStatus, 'isOpen'>,
): boolean {
  return !status.isOpen && !branch.isPreorderEnabled;
}
