import { z } from 'zod';
import { Id, IsoDateTime, NullableText } from '../catalogue/common.schema.js';

/*
 * A working activity's fields and body (backoffice-platform.md §3, §4; issues 19 and 41), apart from
 * time-tracking.schema.ts so that the schemas of corrections and absences build on them without an import cycle.
 */

/**
 * work, or an absence: holiday (vacation: taken from the holiday account), sick leave, compensatory time off
 * (Zeitausgleich: overtime taken as time off, so the day's planned minutes are not credited) and other absences
 */
export const ACTIVITY_KINDS = ['work', 'holiday', 'sick', 'absence', 'compensatory'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** the absences that can be booked for a range of days (issue 41) */
export const ABSENCE_KINDS = ['holiday', 'sick', 'compensatory'] as const;
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];
/**
 * Who recorded an activity as it stands (issue 41): the time clock, the person's own entry, or a correction (a
 * manager's, or an approved correction request). An employee changes only their own entries directly; the others
 * through a correction request.
 */
export const ACTIVITY_SOURCES = ['clock', 'entry', 'correction'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];
/** Why an activity was changed by someone who manages its branch, or why a correction is requested. */
export const CorrectionReason = z.string().trim().min(1).max(1000);

export const ActivityPause = z
  .object({ start: IsoDateTime, end: IsoDateTime.nullable().default(null) })
  .refine((p) => p.end === null || Date.parse(p.end) >= Date.parse(p.start), {
    message: 'timeTracking.pauseEndBeforeStart',
    path: ['end'],
  });
export type ActivityPause = z.output<typeof ActivityPause>;

/** What an activity holds (the answer's fields besides its state, minutes, warnings and record). */
export const WorkingActivityFields = z.object({
  user: Id,
  branch: Id,
  project: Id.nullable().default(null),
  task: Id.nullable().default(null),
  kind: z.enum(ACTIVITY_KINDS).default('work'),
  start: IsoDateTime,
  end: IsoDateTime.nullable().default(null),
  pauses: z.array(ActivityPause).max(50).default([]),
  note: NullableText(2000),
  /** an absence of half a day (one day; half a day off the holiday account, half the day's plan credited) */
  halfDay: z.boolean().default(false),
});

/**
 * The body of an activity's create and update. Besides its fields (issue 41):
 * - `endsNextDay`: work whose end lies on a later local day than its start (in its branch's zone) is accepted only
 *   with `endsNextDay: true`, and then ends on the next day; a form that offers start and end times must ask for
 *   it (a shift from 12:00 to 08:00 is never silently 20 hours)
 * - `reason`: why it is changed; required where the change is a correction (someone else's activity, or one the
 *   clock or a correction recorded), stored in the activity's audit trail
 */
export const WorkingActivityInput = WorkingActivityFields.extend({
  endsNextDay: z.boolean().optional(),
  reason: CorrectionReason.nullable().optional(),
}).refine((a) => a.end === null || Date.parse(a.end) >= Date.parse(a.start), {
  message: 'timeTracking.endBeforeStart',
  path: ['end'],
});
export type WorkingActivityInput = z.input<typeof WorkingActivityInput>;
