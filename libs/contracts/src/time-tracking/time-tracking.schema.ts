import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { Id, IdParam, IsoDate, IsoDateTime, NullableText, Text, Time } from '../catalogue/common.schema.js';
import type { ActivitySource, WorkingActivityFields } from './activity.schema.js';
import type { ActivityChange } from './corrections.schema.js';

/*
 * Time tracking (backoffice-platform.md §3, §4, §7; issues 19 and 41). Times are instants with offset (ISO 8601);
 * days and months are read in the time-tracking zone (Europe/Vienna by default). The activity's schemas are in
 * activity.schema.ts, corrections, absences and month closes in their own files; all are exported from here.
 */
export * from './activity.schema.js';

export const TASK_STATUSES = ['open', 'inProgress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Working-time law rule sets (figures in libs/domain, with their legal sources). */
export const LAW_RULE_SETS = ['AT', 'DE'] as const;
export type LawRuleSet = (typeof LAW_RULE_SETS)[number];

/** A working-time law warning (never blocking): its rule, the German text and the legal source. */
export interface LawWarning {
  rule: 'dailyMaximum' | 'break' | 'dailyRest' | 'weeklyMaximum';
  message: string;
  source: string;
  /** the local day it concerns */
  date: string;
}

export type ActivityState = 'running' | 'paused' | 'ended';
export type WorkingActivity = z.output<typeof WorkingActivityFields> &
  EntityMeta & {
    state: ActivityState;
    /** worked minutes net of pauses (up to now while it runs) */
    netMinutes: number;
    warnings: LawWarning[];
    /** who recorded it as it stands: the clock, the person's own entry or a correction */
    source: ActivitySource;
    /** its audit trail, oldest first (the list and the single read of `/api/working-activities` carry it) */
    changes?: ActivityChange[];
  };

export const WorkingScheduleInput = z.object({
  user: Id,
  branch: Id,
  date: IsoDate,
  start: Time,
  /**
   * at or before the start only with `endsNextDay` (a night shift); otherwise 422 on `end` (issue 41: 12:00 to
   * 08:00 is never silently 20 hours)
   */
  end: Time,
  /** the shift ends on the day after `date` (its end is then at or before its start) */
  endsNextDay: z.boolean().default(false),
  breakMinutes: z.number().int().min(0).max(600).default(0),
  note: NullableText(1000),
});
export type WorkingScheduleInput = z.input<typeof WorkingScheduleInput>;
export type WorkingSchedule = z.output<typeof WorkingScheduleInput> & EntityMeta & { plannedMinutes: number };

export const ProjectInput = z.object({
  name: Text(200).min(1),
  description: NullableText(5000),
  branch: Id.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type ProjectInput = z.input<typeof ProjectInput>;
export type Project = z.output<typeof ProjectInput> & EntityMeta;

export const TaskInput = z.object({
  project: Id,
  name: Text(200).min(1),
  description: NullableText(5000),
  status: z.enum(TASK_STATUSES).default('open'),
  assignees: z.array(Id).max(100).default([]),
});
export type TaskInput = z.input<typeof TaskInput>;
export type Task = z.output<typeof TaskInput> & EntityMeta;

/** List filters shared by activities and schedules; without any, the logged-in user's current month. */
export const TimeRangeFilters = z.object({
  user: IdParam.optional(),
  branch: IdParam.optional(),
  from: IsoDate.optional(),
  /** inclusive local day */
  to: IsoDate.optional(),
});

/** A clock action's options (backoffice-platform.md §4): where and on what, and for offline terminals when. */
export const ClockInput = z.object({
  branch: Id.optional(),
  project: Id.nullable().optional(),
  task: Id.nullable().optional(),
  note: NullableText(2000).optional(),
  /** the device's time of an event queued offline (at most 7 days back, not in the future) */
  at: IsoDateTime.optional(),
  /** makes a repeated (offline-queued) event apply once */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
});
export type ClockInput = z.input<typeof ClockInput>;
export const CLOCK_ACTIONS = ['start', 'pause', 'resume', 'end'] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

/** What every clock action and `me` answer: the server's state (`current` null once ended). */
export interface ClockState {
  user: { id: number; username: string };
  current: WorkingActivity | null;
  /** the activity the action ended (with its law warnings), on `end` only */
  ended?: WorkingActivity;
}

export const BalanceQuery = z.object({
  user: IdParam.optional(),
  branch: IdParam.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export interface DayBalance {
  date: string;
  plannedMinutes: number;
  workedMinutes: number;
  /** worked - planned of the day */
  differenceMinutes: number;
  /** the running overtime balance at the end of the day */
  balanceMinutes: number;
  warnings: LawWarning[];
  /**
   * the public holiday of the day in the region of the sheet's branch (its name), else null: its planned minutes
   * are credited, it is neither holiday nor missing hours (issue 41)
   */
  publicHoliday: string | null;
}
export interface PeriodBalance {
  /** 'YYYY-MM-DD' of the ISO week's Monday, or 'YYYY-MM' */
  period: string;
  plannedMinutes: number;
  workedMinutes: number;
  differenceMinutes: number;
}
export interface UserBalance {
  user: number;
  from: string;
  to: string;
  timeZone: string;
  days: DayBalance[];
  weeks: PeriodBalance[];
  months: PeriodBalance[];
  plannedMinutes: number;
  workedMinutes: number;
  overtimeMinutes: number;
}

export const HolidayEntitlementInput = z.object({
  user: Id,
  year: z.number().int().min(2000).max(2100),
  /** days per year for full time over a full year */
  daysPerYear: z.number().min(0).max(100),
  /** share of full time, 1 = full time */
  partTimeFactor: z.number().min(0.01).max(1).default(1),
  employedFrom: IsoDate.nullable().default(null),
  employedTo: IsoDate.nullable().default(null),
  carryOverDays: z.number().min(0).max(100).default(0),
  carryOverExpires: IsoDate.nullable().default(null),
});
export type HolidayEntitlementInput = z.input<typeof HolidayEntitlementInput>;
export interface HolidayBalance {
  user: number;
  year: number;
  entitlementDays: number;
  carryOverDays: number;
  /** carry-over not taken by its expiry */
  expiredCarryOverDays: number;
  takenDays: number;
  remainingDays: number;
}

export const AccessTokenIssueInput = z.object({ user: Id, username: Text(180).min(1) });
export interface AccessTokenView {
  id: number;
  user: number;
  username: string;
  createdAt: string;
  revokedAt: string | null;
  lockedUntil: string | null;
}
/** the code is in this answer only: it is stored hashed */
export type IssuedAccessToken = AccessTokenView & { token: string };

export const TimeClockInput = z.object({ branch: Id, name: Text(120).min(1) });
export interface TimeClock {
  id: number;
  branch: number;
  name: string;
  /** the device's key (header x-time-tracking-device-key of `/api/time-tracking/{branch}/…`); administrators only */
  key?: string;
  createdAt: string;
}

/** A terminal call: the branch and device key of the URL, the employee's username and personal code. */
export interface TerminalCredentials {
  branch: number;
  deviceKey: string;
  username: string;
  token: string;
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.type' }),
  user: IdParam.optional(),
  branch: IdParam.optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});

/** Payload of the clock events (started, paused, resumed, ended) for statistics. */
export const WorkingActivityClockedEvent = z.object({
  id: z.number().int(),
  user: z.number().int(),
  branch: z.number().int(),
  action: z.enum(CLOCK_ACTIONS),
  /** when it happened (the device time of an offline event) */
  at: z.string(),
});
export type WorkingActivityClockedEvent = z.infer<typeof WorkingActivityClockedEvent>;

/** What the statistics ask of an activity or schedule an event named (the events carry ids only). */
export const WORK_PERIOD_KINDS = ['activity', 'schedule'] as const;
export type WorkPeriodKind = (typeof WORK_PERIOD_KINDS)[number];
export const WorkPeriodRequest = z.object({ kind: z.enum(WORK_PERIOD_KINDS), id: z.number().int().positive() });
/**
 * An activity's worked stretches (between its pauses; the last without end while it runs) or a schedule's planned
 * ones (its break in the middle), as instants; null when it no longer exists.
 */
export interface WorkPeriodSnapshot {
  kind: WorkPeriodKind;
  id: number;
  user: number;
  branch: number;
  segments: Array<{ start: string; end: string | null }>;
}

/**
 * A division's working-time law rule set (issue 19): one row per division of the catalogue, kept by the
 * time-tracking service; a division without a row follows the deployment's default (Austria).
 */
export const WorkingTimeSettingInput = z.object({
  division: Id,
  ruleSet: z.enum(LAW_RULE_SETS).default('AT'),
});
export type WorkingTimeSettingInput = z.input<typeof WorkingTimeSettingInput>;
export type WorkingTimeSetting = z.output<typeof WorkingTimeSettingInput> & EntityMeta;

export * from './corrections.schema.js';
export * from './absences.schema.js';
export * from './month-close.schema.js';
