import { z } from 'zod';
import { Id, IdParam } from '../catalogue/common.schema.js';
import { CorrectionReason, WorkingActivityFields } from './activity.schema.js';
import type { WorkingActivity } from './time-tracking.schema.js';

/*
 * Corrections of working activities (issue 41): who manages a branch's time (administrators, the branch's managers)
 * adds, changes and deletes the activities of its people with a reason, applied at once; an employee requests a
 * correction of their own, which a manager approves or rejects. Every change is kept in the activity's audit trail.
 */

/** An activity's fields as a change found or left them. */
export type ActivitySnapshot = z.output<typeof WorkingActivityFields>;

/** A staff member as a record names them (the username at the time). */
export interface StaffRef {
  id: number;
  username: string;
}

export const CORRECTION_ACTIONS = ['create', 'update', 'delete'] as const;
export type CorrectionAction = (typeof CORRECTION_ACTIONS)[number];
export const CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** One entry of an activity's audit trail: who changed it when, why, and its fields before and after. */
export interface ActivityChange {
  id: number;
  activity: number;
  action: ChangeAction;
  /** when (ISO instant) */
  at: string;
  /** who; null: the service itself (the demo seed) */
  by: StaffRef | null;
  /** why: required for a correction, else what the person wrote (or null) */
  reason: string | null;
  /** null when it was created */
  before: ActivitySnapshot | null;
  /** null when it was deleted */
  after: ActivitySnapshot | null;
  /** the correction request this change applied (approved), else null */
  request: number | null;
}

const endsNextDay = z.boolean().optional();
const endNotBeforeStart = {
  check: (a: { start: string; end: string | null }) => a.end === null || Date.parse(a.end) >= Date.parse(a.start),
  params: { message: 'timeTracking.endBeforeStart', path: ['end'] },
};

/**
 * A correction (`POST /api/time-tracking/corrections`, applied at once by who manages the branch) or a correction
 * request (`POST /api/time-tracking/correction-requests`, an employee's own activity): `create` with the new
 * activity's fields, `update` with the activity's id and its new fields (the whole activity, as the CRUD's PUT),
 * `delete` with the id; always a reason. `endsNextDay` as in WorkingActivityInput.
 */
export const ActivityCorrectionInput = z.discriminatedUnion('action', [
  WorkingActivityFields.extend({ action: z.literal('create'), endsNextDay, reason: CorrectionReason }).refine(
    endNotBeforeStart.check,
    endNotBeforeStart.params,
  ),
  WorkingActivityFields.extend({
    action: z.literal('update'),
    activity: Id,
    endsNextDay,
    reason: CorrectionReason,
  }).refine(endNotBeforeStart.check, endNotBeforeStart.params),
  z.object({ action: z.literal('delete'), activity: Id, reason: CorrectionReason }),
]);
export type ActivityCorrectionInput = z.input<typeof ActivityCorrectionInput>;

/** A correction applied: the activity as it is now (null once deleted) and the audit entry that records it. */
export interface ActivityCorrectionResult {
  activity: WorkingActivity | null;
  change: ActivityChange;
}

export const CORRECTION_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CorrectionRequestStatus = (typeof CORRECTION_REQUEST_STATUSES)[number];

/** An employee's request to correct their own activity, and what became of it. */
export interface CorrectionRequest {
  id: number;
  status: CorrectionRequestStatus;
  action: CorrectionAction;
  /** the activity to change or delete; on `create` the one the approval created (else null) */
  activity: number | null;
  /** whose activity (the requester) and at which branch */
  user: number;
  branch: number;
  reason: string;
  requestedBy: StaffRef;
  requestedAt: string;
  /** the activity when it was requested (update, delete); its approval is refused if it changed since */
  before: ActivitySnapshot | null;
  /** what it should become (create, update) */
  proposed: ActivitySnapshot | null;
  /** `endsNextDay` as requested (the approval applies the same body) */
  endsNextDay: boolean;
  decidedBy: StaffRef | null;
  decidedAt: string | null;
  /** the approver's or rejecter's note (a rejection needs one) */
  decisionNote: string | null;
}

/** The body of an approval (note optional) or a rejection (note required: the employee reads why). */
export const CorrectionDecisionInput = z.object({
  note: z.string().trim().max(1000).nullable().default(null),
});
export type CorrectionDecisionInput = z.input<typeof CorrectionDecisionInput>;

/** `GET /api/time-tracking/correction-requests`: employees see their own, managers their branches', admins all. */
export const CorrectionRequestQuery = z.object({
  status: z.enum(CORRECTION_REQUEST_STATUSES).optional(),
  user: IdParam.optional(),
  branch: IdParam.optional(),
});
