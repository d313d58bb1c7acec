import type {
  AbsenceBooking,
  AbsenceBookingInput,
  AccessTokenView,
  ActivityChange,
  ActivityCorrectionInput,
  ActivityCorrectionResult,
  CorrectionDecisionInput,
  CorrectionRequest,
  HolidayEntitlementView,
  MonthClose,
  MonthCloseInput,
  MonthReopenInput,
  PublicHolidayCalendar,
  PublicHolidayRegion,
  PublicHolidayRegionInput,
  ClockAction,
  ClockInput,
  ClockState,
  HolidayBalance,
  HolidayEntitlementInput,
  IssuedAccessToken,
  TerminalCredentials,
  TimeClock,
  TimeClockInput,
  UserBalance,
  WorkingActivity,
  WorkingSchedule,
  WorkPeriodKind,
  WorkPeriodSnapshot,
} from '../../time-tracking/time-tracking.schema.js';
import type { Body, JsonObject, ListReply } from './common.js';

/** The time-tracking service's request/reply subjects (part of RpcMap). */
export interface TimeTrackingRpc {
  /** the logged-in staff member's clock: state, or a transition (409 with the German reason when not allowed) */
  'time-tracking.clock.me': { req: Record<string, never>; res: ClockState };
  'time-tracking.clock.act': { req: { action: ClockAction; body: Body<typeof ClockInput> }; res: ClockState };
  /** the branch terminal (`/api/time-tracking/{branch}/…`): device key, username and personal code per call */
  'time-tracking.terminal.me': { req: TerminalCredentials; res: ClockState };
  'time-tracking.terminal.act': {
    req: TerminalCredentials & { action: ClockAction; body: Body<typeof ClockInput> };
    res: ClockState;
  };
  'time-tracking.terminal.list': {
    req: TerminalCredentials & { what: 'working-schedules' | 'working-activities' | 'balances'; query: JsonObject };
    res: WorkingSchedule[] | WorkingActivity[] | UserBalance[];
  };
  'time-tracking.balance.list': { req: { query: JsonObject }; res: UserBalance[] };
  'time-tracking.holiday-balance.list': { req: { query: JsonObject }; res: HolidayBalance[] };
  'time-tracking.holiday-entitlement.save': { req: { body: Body<typeof HolidayEntitlementInput> }; res: null };
  /** a month's time sheet as a file (base64, for the gateway to send) */
  'time-tracking.time-sheet.export': {
    req: { query: JsonObject };
    res: { filename: string; mediaType: string; base64: string };
  };
  'time-tracking.access-token.list': { req: { user?: number }; res: AccessTokenView[] };
  'time-tracking.access-token.issue': { req: { body: { user: number; username: string } }; res: IssuedAccessToken };
  'time-tracking.access-token.revoke': { req: { id: number }; res: AccessTokenView };
  'time-tracking.time-clock.list': { req: Record<string, never>; res: TimeClock[] };
  'time-tracking.time-clock.create': { req: { body: Body<typeof TimeClockInput> }; res: TimeClock };
  'time-tracking.time-clock.delete': { req: { id: number }; res: null };
  /** the statistics service (service identity): an activity's or schedule's stretches, for its read model */
  'time-tracking.work-period.get': { req: { kind: WorkPeriodKind; id: number }; res: WorkPeriodSnapshot | null };

  // issue 41: corrections, absences, public holidays, entitlements, month close
  /** who manages the activity's branch adds, changes or deletes it with a reason, applied at once */
  'time-tracking.correction.apply': {
    req: { body: Body<typeof ActivityCorrectionInput> };
    res: ActivityCorrectionResult;
  };
  /** an activity's audit trail (also of a deleted one), oldest first */
  'time-tracking.activity-change.list': { req: { activity: number }; res: ActivityChange[] };
  /** an employee asks for a correction of their own activity (a manager decides) */
  'time-tracking.correction-request.create': {
    req: { body: Body<typeof ActivityCorrectionInput> };
    res: CorrectionRequest;
  };
  'time-tracking.correction-request.list': { req: { query: JsonObject }; res: ListReply<CorrectionRequest> };
  'time-tracking.correction-request.get': { req: { id: number }; res: CorrectionRequest };
  'time-tracking.correction-request.approve': {
    req: { id: number; body: Body<typeof CorrectionDecisionInput> };
    res: CorrectionRequest;
  };
  'time-tracking.correction-request.reject': {
    req: { id: number; body: Body<typeof CorrectionDecisionInput> };
    res: CorrectionRequest;
  };
  /** the requester takes back a pending request */
  'time-tracking.correction-request.withdraw': { req: { id: number }; res: CorrectionRequest };
  'time-tracking.absence.book': { req: { body: Body<typeof AbsenceBookingInput> }; res: AbsenceBooking };
  'time-tracking.holiday-entitlement.list': { req: { query: JsonObject }; res: HolidayEntitlementView[] };
  'time-tracking.public-holiday.list': { req: { query: JsonObject }; res: PublicHolidayCalendar };
  'time-tracking.public-holiday-region.get': { req: { branch: number }; res: PublicHolidayRegion };
  'time-tracking.public-holiday-region.save': {
    req: { body: Body<typeof PublicHolidayRegionInput> };
    res: PublicHolidayRegion;
  };
  'time-tracking.month-close.list': { req: { query: JsonObject }; res: MonthClose[] };
  'time-tracking.month-close.close': { req: { body: Body<typeof MonthCloseInput> }; res: MonthClose };
  'time-tracking.month-close.reopen': { req: { body: Body<typeof MonthReopenInput> }; res: MonthClose };
}

/**
 * The time-tracking subjects whose reply the gateway answers as it is (`forward`): response-types.ts adds them to
 * its ForwardedSubject, so each names its schema in the OpenAPI document.
 */
export type TimeTrackingForwardedSubject =
  | 'time-tracking.correction.apply'
  | 'time-tracking.activity-change.list'
  | 'time-tracking.correction-request.create'
  | 'time-tracking.correction-request.get'
  | 'time-tracking.correction-request.approve'
  | 'time-tracking.correction-request.reject'
  | 'time-tracking.correction-request.withdraw'
  | 'time-tracking.absence.book'
  | 'time-tracking.holiday-entitlement.list'
  | 'time-tracking.public-holiday.list'
  | 'time-tracking.public-holiday-region.get'
  | 'time-tracking.public-holiday-region.save'
  | 'time-tracking.month-close.list'
  | 'time-tracking.month-close.close'
  | 'time-tracking.month-close.reopen';
