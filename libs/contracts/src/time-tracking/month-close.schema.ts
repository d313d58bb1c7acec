import { z } from 'zod';
import { Id, IdParam } from '../catalogue/common.schema.js';
import { CorrectionReason } from './activity.schema.js';
import type { StaffRef } from './corrections.schema.js';

/*
 * Month close (issue 41): who manages a branch closes its month after the export; the month's activities and
 * schedules of the branch cannot be changed until it is reopened (with who and why), and its export is the same
 * file byte for byte.
 */

/** 'YYYY-MM' */
export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.type' });

/** `POST /api/time-sheets/month-closes`: closes the branch's month (a month that is over). */
export const MonthCloseInput = z.object({ branch: Id, month: Month });
export type MonthCloseInput = z.input<typeof MonthCloseInput>;
/** `POST /api/time-sheets/month-closes/reopen`: reopens it, with the reason. */
export const MonthReopenInput = MonthCloseInput.extend({ reason: CorrectionReason });
export type MonthReopenInput = z.input<typeof MonthReopenInput>;
/** `GET /api/time-sheets/month-closes`: the branch's months of a year that were ever closed. */
export const MonthCloseQuery = z.object({
  branch: IdParam,
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export interface MonthCloseEvent {
  action: 'closed' | 'reopened';
  at: string;
  by: StaffRef;
  /** the reopening's reason (null for a close) */
  reason: string | null;
}
/** A branch's month: closed or not, since when and by whom, and every close and reopening (oldest first). */
export interface MonthClose {
  branch: number;
  month: string;
  closed: boolean;
  closedAt: string | null;
  closedBy: StaffRef | null;
  history: MonthCloseEvent[];
}
