import { Controller } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  AccessTokenIssueInput,
  CLOCK_ACTIONS,
  ClockInput,
  HolidayEntitlementInput,
  TimeClockInput,
  type ClockAction,
  type Role,
  type TerminalCredentials,
} from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward, withQuery, type RouteInput } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ReturnsMedia } from '../openapi/returns.js';
import { MONTH_ROUTES } from './month-routes.js';

const ADMIN: readonly Role[] = ['ROLE_ADMIN'];
const MANAGERS: readonly Role[] = ['ROLE_ADMIN', 'ROLE_BRANCH_MANAGER'];

const notFound = () => DomainException.of('NOT_FOUND', 'timeTracking.terminalUnknown');
function clockAction(raw: string): ClockAction {
  if (!(CLOCK_ACTIONS as readonly string[]).includes(raw)) throw DomainException.notFound();
  return raw as ClockAction;
}
const DEVICE_KEY_HEADER = 'x-time-tracking-device-key';
const USER_HEADER = 'x-time-tracking-user';
const TOKEN_HEADER = 'x-time-tracking-token';
/**
 * The terminal's credentials: the branch from the path; the device key, the employee's username and code from
 * headers (a key in a URL would land in proxy logs and browser histories). A missing key is an unknown terminal.
 */
function terminal({ params, headers }: RouteInput): TerminalCredentials {
  const { [DEVICE_KEY_HEADER]: deviceKey, [USER_HEADER]: username, [TOKEN_HEADER]: token } = headers;
  if (!deviceKey) throw notFound();
  if (!username || !token) throw DomainException.of('INVALID_CREDENTIALS', 'timeTracking.invalidToken');
  return {
    branch: pathId(params.branch, notFound),
    deviceKey: deviceKey.slice(0, 200),
    username: username.slice(0, 180),
    token: token.slice(0, 100),
  };
}
/** A terminal's route: no session; the time-tracking service checks the device key and the employee's code (404, 401, 429). */
const TERMINAL = {
  access: 'public',
  headers: [DEVICE_KEY_HEADER, USER_HEADER, TOKEN_HEADER],
  decorators: [
    ApiHeader({ name: DEVICE_KEY_HEADER, required: true, description: "the time clock's device key" }),
    ApiHeader({ name: USER_HEADER, required: true, description: "the employee's username" }),
    ApiHeader({ name: TOKEN_HEADER, required: true, description: "the employee's personal access code" }),
  ],
} as const;
const TERMINAL_LISTS = ['working-schedules', 'working-activities', 'balances'] as const;

/**
 * Time tracking (issue 19, backoffice-platform.md §4, §7): the logged-in staff member's clock, the branch
 * terminals (`/api/time-tracking/{branch}/…`, device key and the employee's credentials in headers on every call;
 * issue 37 took the key out of the path), time sheets and exports,
 * personal access tokens and time-clock devices, and a manager's month (issue 41, month-routes.ts). The time-tracking
 * service decides everything with the data.
 */
@ApiTags('time-tracking')
@Controller('api')
export class TimeTrackingController extends createHttpController([
  {
    name: 'me',
    method: 'get',
    path: 'time-tracking/me',
    access: STAFF_ROLES,
    summary: "The logged-in staff member's clock: { user, current } (current null when none runs)",
    ...forward('time-tracking.clock.me', () => ({})),
  },
  {
    name: 'act',
    method: 'post',
    path: 'time-tracking/working-activities/:action',
    status: 200,
    access: STAFF_ROLES,
    body: ClockInput,
    summary:
      'Clock action start | pause | resume | end for the logged-in staff member; answers the state (end: with the ended activity and its law warnings); 409 with the German reason when not allowed',
    ...forward('time-tracking.clock.act', ({ params, body }) => ({
      action: clockAction(params.action),
      body: validateBody(ClockInput, body ?? {}),
    })),
  },
  {
    name: 'terminalMe',
    method: 'get',
    path: 'time-tracking/:branch/me',
    ...TERMINAL,
    summary: 'Terminal: the employee and the current activity (unknown terminal 404, wrong code 401, locked 429)',
    ...forward('time-tracking.terminal.me', terminal),
  },
  {
    name: 'terminalList',
    method: 'get',
    path: 'time-tracking/:branch/:list',
    ...TERMINAL,
    summary:
      "Terminal: the employee's working-schedules, working-activities or balances (from, to; default the current month)",
    ...forward('time-tracking.terminal.list', (input) => {
      if (!(TERMINAL_LISTS as readonly string[]).includes(input.params.list)) throw DomainException.notFound();
      const what = input.params.list as (typeof TERMINAL_LISTS)[number];
      return { ...terminal(input), what, query: input.query };
    }),
  },
  {
    name: 'terminalAct',
    method: 'post',
    path: 'time-tracking/:branch/working-activities/:action',
    status: 200,
    ...TERMINAL,
    body: ClockInput,
    summary:
      'Terminal clock action start | pause | resume | end; an offline-queued event carries its device time (at) and an idempotencyKey and is applied once',
    ...forward('time-tracking.terminal.act', (input) => ({
      ...terminal(input),
      action: clockAction(input.params.action),
      body: validateBody(ClockInput, input.body ?? {}),
    })),
  },
  {
    name: 'balances',
    method: 'get',
    path: 'time-sheets/balances',
    access: STAFF_ROLES,
    summary:
      'Planned against worked minutes per day, week and month with the running overtime balance (user, branch, from, to; default: own current month)',
    ...forward('time-tracking.balance.list', withQuery),
  },
  {
    name: 'holidayBalances',
    method: 'get',
    path: 'time-sheets/holiday-balances',
    access: STAFF_ROLES,
    summary: 'Holiday entitlement, carry-over (with expiry), taken and remaining days (user, year)',
    ...forward('time-tracking.holiday-balance.list', withQuery),
  },
  {
    name: 'saveEntitlement',
    method: 'put',
    path: 'time-sheets/holiday-entitlements',
    access: ADMIN,
    body: HolidayEntitlementInput,
    summary: "Sets a user's holiday entitlement for a year (administrators)",
    ...forward('time-tracking.holiday-entitlement.save', ({ body }) => ({
      body: validateBody(HolidayEntitlementInput, body),
    })),
  },
  {
    name: 'export',
    method: 'get',
    path: 'time-sheets/export',
    access: STAFF_ROLES,
    summary: "A month's time sheet as CSV or XLSX (month=YYYY-MM, user or branch, format=csv|xlsx)",
    answer: ReturnsMedia(
      ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      'the time sheet as a download',
    ),
    sends: true,
    handle: async ({ actor, query, reply }, { bus }) => {
      const file = await bus.request('time-tracking.time-sheet.export', { query }, actor);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.base64, 'base64'));
    },
  },
  {
    name: 'tokens',
    method: 'get',
    path: 'time-tracking/access-tokens',
    access: MANAGERS,
    query: ['user'],
    summary: 'Personal access tokens for the terminals (never the codes); branch managers: the staff of their branches',
    ...forward('time-tracking.access-token.list', ({ query: { user } }) =>
      user ? { user: pathId(String(user), () => DomainException.notFound('Benutzer')) } : {},
    ),
  },
  {
    name: 'issue',
    method: 'post',
    path: 'time-tracking/access-tokens',
    access: MANAGERS,
    body: AccessTokenIssueInput,
    summary: 'Issues a personal code for a user; the answer is the only time it is shown',
    ...forward('time-tracking.access-token.issue', ({ body }) => ({ body: validateBody(AccessTokenIssueInput, body) })),
  },
  {
    name: 'revoke',
    method: 'post',
    path: 'time-tracking/access-tokens/:id/revoke',
    status: 200,
    access: MANAGERS,
    summary: 'Revokes a personal access token',
    ...forward('time-tracking.access-token.revoke', ({ params }) => ({
      id: pathId(params.id, () => DomainException.notFound('Zugangscode')),
    })),
  },
  {
    name: 'clocks',
    method: 'get',
    path: 'time-tracking/time-clocks',
    access: STAFF_ROLES,
    summary: 'Time-clock terminals (keys for administrators only)',
    ...forward('time-tracking.time-clock.list', () => ({})),
  },
  {
    name: 'createClock',
    method: 'post',
    path: 'time-tracking/time-clocks',
    access: ADMIN,
    body: TimeClockInput,
    summary: 'Registers a time-clock terminal at a branch (answers its key)',
    ...forward('time-tracking.time-clock.create', ({ body }) => ({ body: validateBody(TimeClockInput, body) })),
  },
  {
    name: 'deleteClock',
    method: 'delete',
    path: 'time-tracking/time-clocks/:id',
    access: ADMIN,
    summary: 'Removes a time-clock terminal',
    ...forward('time-tracking.time-clock.delete', ({ params }) => ({
      id: pathId(params.id, () => DomainException.notFound('Terminal')),
    })),
  },
  // issue 41: corrections, correction requests, absences, entitlements, public holidays, the month close
  ...MONTH_ROUTES,
]) {}
