import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccessTokenIssueInput,
  CLOCK_ACTIONS,
  ClockInput,
  HolidayEntitlementInput,
  TimeClockInput,
  type ClockAction,
  type TerminalCredentials,
} from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { Actor, Public, Roles } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Returns, ReturnsMedia } from '../openapi/returns.js';

const notFound = () => DomainException.of('NOT_FOUND', 'timeTracking.terminalUnknown');
function clockAction(raw: string): ClockAction {
  if (!(CLOCK_ACTIONS as readonly string[]).includes(raw)) throw DomainException.notFound();
  return raw as ClockAction;
}
/**
 * The terminal's credentials: the branch from the path; the device key, the employee's username and code from
 * headers (a key in a URL would land in proxy logs and browser histories). A missing key is an unknown terminal.
 */
function terminal(branch: string, deviceKey?: string, username?: string, token?: string): TerminalCredentials {
  if (!deviceKey) throw notFound();
  if (!username || !token) throw DomainException.of('INVALID_CREDENTIALS', 'timeTracking.invalidToken');
  return {
    branch: pathId(branch, notFound),
    deviceKey: deviceKey.slice(0, 200),
    username: username.slice(0, 180),
    token: token.slice(0, 100),
  };
}
const DEVICE_KEY_HEADER = 'x-time-tracking-device-key';
const TERMINAL_HEADERS = [
  ApiHeader({ name: DEVICE_KEY_HEADER, required: true, description: "the time clock's device key" }),
  ApiHeader({ name: 'x-time-tracking-user', required: true, description: "the employee's username" }),
  ApiHeader({ name: 'x-time-tracking-token', required: true, description: "the employee's personal access code" }),
];
const terminalHeaders = (target: object, key: string | symbol, d: PropertyDescriptor) => {
  for (const h of TERMINAL_HEADERS) h(target, key, d);
};
const TERMINAL_LISTS = ['working-schedules', 'working-activities', 'balances'] as const;

/**
 * Time tracking (issue 19, backoffice-platform.md §4, §7): the logged-in staff member's clock, the branch
 * terminals (`/api/time-tracking/{branch}/…`, device key and the employee's credentials in headers on every call;
 * issue 37 took the key out of the path), time sheets and exports,
 * personal access tokens and time-clock devices. The time-tracking service decides everything with the data.
 */
@ApiTags('time-tracking')
@Controller('api')
export class TimeTrackingController {
  constructor(private readonly bus: ServiceBus) {}

  @Get('time-tracking/me')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: "The logged-in staff member's clock: { user, current } (current null when none runs)" })
  @Returns('time-tracking.clock.me')
  async me(@Actor() actor: Actor) {
    return { data: await this.bus.request('time-tracking.clock.me', {}, actor) };
  }

  @Post('time-tracking/working-activities/:action')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ClockInput) })
  @ApiOperation({
    summary:
      'Clock action start | pause | resume | end for the logged-in staff member; answers the state (end: with the ended activity and its law warnings); 409 with the German reason when not allowed',
  })
  @Returns('time-tracking.clock.act')
  async act(@Actor() actor: Actor, @Param('action') action: string, @Body() body: unknown) {
    const payload = { action: clockAction(action), body: validateBody(ClockInput, body ?? {}) };
    return { data: await this.bus.request('time-tracking.clock.act', payload, actor) };
  }

  @Get('time-tracking/:branch/me')
  // no session: the time-tracking service checks the device key and the employee's code (404, 401, 429)
  @Public()
  @terminalHeaders
  @ApiOperation({
    summary: 'Terminal: the employee and the current activity (unknown terminal 404, wrong code 401, locked 429)',
  })
  @Returns('time-tracking.terminal.me')
  async terminalMe(
    @Param('branch') branch: string,
    @Headers(DEVICE_KEY_HEADER) deviceKey?: string,
    @Headers('x-time-tracking-user') user?: string,
    @Headers('x-time-tracking-token') token?: string,
  ) {
    return { data: await this.bus.request('time-tracking.terminal.me', terminal(branch, deviceKey, user, token)) };
  }

  @Get('time-tracking/:branch/:list')
  // no session: the time-tracking service checks the device key and the employee's code (404, 401, 429)
  @Public()
  @terminalHeaders
  @ApiOperation({
    summary:
      "Terminal: the employee's working-schedules, working-activities or balances (from, to; default the current month)",
  })
  @Returns('time-tracking.terminal.list')
  async terminalList(
    @Param('branch') branch: string,
    @Param('list') list: string,
    @Query() query: Record<string, unknown>,
    @Headers(DEVICE_KEY_HEADER) deviceKey?: string,
    @Headers('x-time-tracking-user') user?: string,
    @Headers('x-time-tracking-token') token?: string,
  ) {
    if (!(TERMINAL_LISTS as readonly string[]).includes(list)) throw DomainException.notFound();
    const what = list as (typeof TERMINAL_LISTS)[number];
    const payload = { ...terminal(branch, deviceKey, user, token), what, query };
    return { data: await this.bus.request('time-tracking.terminal.list', payload) };
  }

  @Post('time-tracking/:branch/working-activities/:action')
  @HttpCode(200)
  // no session: the time-tracking service checks the device key and the employee's code (404, 401, 429)
  @Public()
  @terminalHeaders
  @ApiBody({ schema: openApiSchema(ClockInput) })
  @ApiOperation({
    summary:
      'Terminal clock action start | pause | resume | end; an offline-queued event carries its device time (at) and an idempotencyKey and is applied once',
  })
  @Returns('time-tracking.terminal.act')
  async terminalAct(
    @Param('branch') branch: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Headers(DEVICE_KEY_HEADER) deviceKey?: string,
    @Headers('x-time-tracking-user') user?: string,
    @Headers('x-time-tracking-token') token?: string,
  ) {
    const payload = {
      ...terminal(branch, deviceKey, user, token),
      action: clockAction(action),
      body: validateBody(ClockInput, body ?? {}),
    };
    return { data: await this.bus.request('time-tracking.terminal.act', payload) };
  }

  @Get('time-sheets/balances')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({
    summary:
      'Planned against worked minutes per day, week and month with the running overtime balance (user, branch, from, to; default: own current month)',
  })
  @Returns('time-tracking.balance.list')
  async balances(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    return { data: await this.bus.request('time-tracking.balance.list', { query }, actor) };
  }

  @Get('time-sheets/holiday-balances')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'Holiday entitlement, carry-over (with expiry), taken and remaining days (user, year)' })
  @Returns('time-tracking.holiday-balance.list')
  async holidayBalances(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    return { data: await this.bus.request('time-tracking.holiday-balance.list', { query }, actor) };
  }

  @Put('time-sheets/holiday-entitlements')
  @Roles('ROLE_ADMIN')
  @ApiBody({ schema: openApiSchema(HolidayEntitlementInput) })
  @ApiOperation({ summary: "Sets a user's holiday entitlement for a year (administrators)" })
  @Returns('time-tracking.holiday-entitlement.save')
  async saveEntitlement(@Actor() actor: Actor, @Body() body: unknown) {
    const payload = { body: validateBody(HolidayEntitlementInput, body) };
    return { data: await this.bus.request('time-tracking.holiday-entitlement.save', payload, actor) };
  }

  @Get('time-sheets/export')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: "A month's time sheet as CSV or XLSX (month=YYYY-MM, user or branch, format=csv|xlsx)" })
  @ReturnsMedia(
    ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    'the time sheet as a download',
  )
  async export(@Actor() actor: Actor, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const file = await this.bus.request('time-tracking.time-sheet.export', { query }, actor);
    return reply
      .header('content-type', file.mediaType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.base64, 'base64'));
  }

  @Get('time-tracking/access-tokens')
  @Roles('ROLE_ADMIN', 'ROLE_BRANCH_MANAGER')
  @ApiOperation({
    summary: 'Personal access tokens for the terminals (never the codes); branch managers: the staff of their branches',
  })
  @Returns('time-tracking.access-token.list')
  async tokens(@Actor() actor: Actor, @Query('user') user?: string) {
    const payload = user ? { user: pathId(user, () => DomainException.notFound('Benutzer')) } : {};
    return { data: await this.bus.request('time-tracking.access-token.list', payload, actor) };
  }

  @Post('time-tracking/access-tokens')
  @Roles('ROLE_ADMIN', 'ROLE_BRANCH_MANAGER')
  @ApiBody({ schema: openApiSchema(AccessTokenIssueInput) })
  @ApiOperation({ summary: 'Issues a personal code for a user; the answer is the only time it is shown' })
  @Returns('time-tracking.access-token.issue')
  async issue(@Actor() actor: Actor, @Body() body: unknown) {
    const payload = { body: validateBody(AccessTokenIssueInput, body) };
    return { data: await this.bus.request('time-tracking.access-token.issue', payload, actor) };
  }

  @Post('time-tracking/access-tokens/:id/revoke')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_BRANCH_MANAGER')
  @ApiOperation({ summary: 'Revokes a personal access token' })
  @Returns('time-tracking.access-token.revoke')
  async revoke(@Actor() actor: Actor, @Param('id') id: string) {
    const payload = { id: pathId(id, () => DomainException.notFound('Zugangscode')) };
    return { data: await this.bus.request('time-tracking.access-token.revoke', payload, actor) };
  }

  @Get('time-tracking/time-clocks')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'Time-clock terminals (keys for administrators only)' })
  @Returns('time-tracking.time-clock.list')
  async clocks(@Actor() actor: Actor) {
    return { data: await this.bus.request('time-tracking.time-clock.list', {}, actor) };
  }

  @Post('time-tracking/time-clocks')
  @Roles('ROLE_ADMIN')
  @ApiBody({ schema: openApiSchema(TimeClockInput) })
  @ApiOperation({ summary: 'Registers a time-clock terminal at a branch (answers its key)' })
  @Returns('time-tracking.time-clock.create')
  async createClock(@Actor() actor: Actor, @Body() body: unknown) {
    const payload = { body: validateBody(TimeClockInput, body) };
    return { data: await this.bus.request('time-tracking.time-clock.create', payload, actor) };
  }

  @Delete('time-tracking/time-clocks/:id')
  @Roles('ROLE_ADMIN')
  @ApiOperation({ summary: 'Removes a time-clock terminal' })
  @Returns('time-tracking.time-clock.delete')
  async deleteClock(@Actor() actor: Actor, @Param('id') id: string) {
    const payload = { id: pathId(id, () => DomainException.notFound('Terminal')) };
    return { data: await this.bus.request('time-tracking.time-clock.delete', payload, actor) };
  }
}
