import type { PlayerSegment } from '@shop/contracts';
import { isScheduleOpen } from '@shop/domain';

/** The segments of a region playing now: those without a daypart or whose daypart is open (weekdays and hours). */
export const playableSegments = (segments: readonly PlayerSegment[], now: Date, timeZone: string): PlayerSegment[] =>
  segments.filter((s) => isScheduleOpen(s.daypart, now, timeZone));

/** Is the screen on now? A screen-on/off command wins until the next reload; else the power schedule (null: always). */
export function isScreenOn(
  schedule: { powerSchedule: Parameters<typeof isScheduleOpen>[0]; timeZone: string },
  override: boolean | null,
  now: Date,
): boolean {
  return override ?? isScheduleOpen(schedule.powerSchedule, now, schedule.timeZone);
}
