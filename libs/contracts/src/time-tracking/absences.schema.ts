import { z } from 'zod';
import { Id, IdParam, IsoDate, NullableText } from '../catalogue/common.schema.js';
import { ABSENCE_KINDS, CorrectionReason } from './activity.schema.js';
import type { HolidayBalance, WorkingActivity } from './time-tracking.schema.js';

/*
 * Absences, holiday entitlements and public holidays (issue 41). Public holidays come from date-holidays for the
 * region of a branch: the catalogue's country of the branch and the state time tracking keeps per branch.
 */

const Year = z.coerce.number().int().min(2000).max(2100);

/**
 * `POST /api/time-sheets/absences`: vacation, sick leave or compensatory time off for a person at a branch over
 * whole days `from`–`to` (local days of the branch), or half of one day. Booked by who manages the branch.
 */
export const AbsenceBookingInput = z.object({
  user: Id,
  branch: Id,
  kind: z.enum(ABSENCE_KINDS),
  from: IsoDate,
  /** inclusive; a half day needs `to` = `from` */
  to: IsoDate,
  halfDay: z.boolean().default(false),
  note: NullableText(2000),
  /** why, for the audit trail (optional: a booking is not a correction) */
  reason: CorrectionReason.nullable().default(null),
});
export type AbsenceBookingInput = z.input<typeof AbsenceBookingInput>;

/** A public holiday of a region: its local date and German name. */
export interface PublicHoliday {
  date: string;
  name: string;
}

/** What a booking did: the absence, the days it takes (working days that are no public holidays), the accounts. */
export interface AbsenceBooking {
  activity: WorkingActivity;
  /** working days (Monday to Friday) of the range that are no public holidays; a half day 0.5 */
  days: number;
  /** the public holidays in the range: neither taken from the holiday account nor missing hours */
  publicHolidays: PublicHoliday[];
  /** a vacation: the person's holiday account of each year the range touches, after the booking */
  holidayBalances: HolidayBalance[];
}

/** `GET /api/time-sheets/public-holidays`: the branch's region (default: the deployment's), the year's holidays. */
export const PublicHolidayQuery = z.object({
  branch: IdParam.optional(),
  year: Year.optional(),
});
export interface PublicHolidayCalendar {
  /** the branch asked for, else null (the deployment's default region) */
  branch: number | null;
  /** ISO 3166 country, null for a branch whose country date-holidays does not know */
  country: string | null;
  /** the state (date-holidays' code, e.g. '9' for Vienna, 'BY' for Bavaria), null: the country's holidays only */
  state: string | null;
  year: number;
  holidays: PublicHoliday[];
}

/**
 * `PUT /api/time-sheets/public-holiday-regions`: the state whose public holidays a branch keeps besides its
 * country's (administrators). null: the deployment's default (TIME_TRACKING_HOLIDAY_STATE when the branch lies in
 * TIME_TRACKING_HOLIDAY_COUNTRY), else the country's only.
 */
export const PublicHolidayRegionInput = z.object({
  branch: Id,
  state: z.string().trim().min(1).max(10).nullable().default(null),
});
export type PublicHolidayRegionInput = z.input<typeof PublicHolidayRegionInput>;
export interface PublicHolidayRegion {
  branch: number;
  country: string | null;
  /** the state set for the branch (null: none set) */
  state: string | null;
  /** the state its holidays are read with (the branch's, else the deployment's default), null: the country's */
  effectiveState: string | null;
  /** the states of the country (code and name) to choose from */
  states: Array<{ code: string; name: string }>;
}

/** `GET /api/time-sheets/holiday-entitlements`: a person's (user) or everyone's entitlements of a year. */
export const HolidayEntitlementQuery = z.object({
  user: IdParam.optional(),
  year: Year.optional(),
});
/** An entitlement as stored (or the default of 25 days where none is), with the previous year's rest. */
export interface HolidayEntitlementView {
  user: number;
  year: number;
  daysPerYear: number;
  partTimeFactor: number;
  employedFrom: string | null;
  employedTo: string | null;
  carryOverDays: number;
  carryOverExpires: string | null;
  /** no row for the year: the default entitlement (Austria's 25 days) */
  isDefault: boolean;
  /** the days left of the previous year (its remainingDays): what a carry-over would bring over */
  previousYearRemainingDays: number;
}
