import type {
  AccessTokenView,
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
import type { Body, JsonObject } from './common.js';

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
}
