import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, type JsonObject, type TerminalCredentials } from '@shop/contracts';
import { Rpc, requireAccess, type RpcMessage } from '@shop/server';
import { BalanceService } from '../balances/balance.service.js';
import { withDefaultScope } from '../common/time-range.js';
import { ZonedLists } from '../lists/zoned-lists.js';
import { TimeSheetExportService } from '../exports/time-sheet-export.service.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { TerminalService } from '../terminal/terminal.service.js';
import type { ClockUser } from '../terminal/clock-user.js';
import { ClockService } from './clock.service.js';

const sessionUser = (actor: Actor | null): ClockUser => {
  const a = requireAccess(actor, 'staff');
  return { id: a.id, username: a.username, terminalBranch: null, actor: a };
};
/** The actor a terminal's employee reads their own lists as: no roles beyond an employee, no branches. */
const terminalReader = (u: ClockUser): Actor => ({
  id: u.id,
  username: u.username,
  roles: ['ROLE_EMPLOYEE'],
  branches: [],
});
const credentials = (p: TerminalCredentials): TerminalCredentials => ({
  branch: p.branch,
  deviceKey: p.deviceKey,
  username: p.username,
  token: p.token,
});

/** The clock for sessions and terminals, time sheets, exports, access tokens and time-clock devices. */
@Controller()
export class TimeTrackingController {
  constructor(
    private readonly clock: ClockService,
    private readonly terminals: TerminalService,
    private readonly balances: BalanceService,
    private readonly exports: TimeSheetExportService,
    private readonly lists: ZonedLists,
    private readonly context: WorkingTimeContext,
  ) {}

  @Rpc('time-tracking.clock.me')
  me(@Payload() m: RpcMessage<'time-tracking.clock.me'>) {
    return this.clock.state(sessionUser(m.actor));
  }

  @Rpc('time-tracking.clock.act')
  act(@Payload() m: RpcMessage<'time-tracking.clock.act'>) {
    return this.clock.act(sessionUser(m.actor), m.payload.action, m.payload.body);
  }

  @Rpc('time-tracking.terminal.me')
  async terminalMe(@Payload() m: RpcMessage<'time-tracking.terminal.me'>) {
    return this.clock.state(await this.terminals.authenticate(credentials(m.payload)));
  }

  @Rpc('time-tracking.terminal.act')
  async terminalAct(@Payload() m: RpcMessage<'time-tracking.terminal.act'>) {
    const user = await this.terminals.authenticate(credentials(m.payload));
    if (m.payload.action === 'start') await this.terminals.requireStartBranch(user);
    return this.clock.act(user, m.payload.action, m.payload.body);
  }

  /** The employee's own schedules, activities or balance (the current month unless from/to are given). */
  @Rpc('time-tracking.terminal.list')
  async terminalList(@Payload() m: RpcMessage<'time-tracking.terminal.list'>) {
    const user = await this.terminals.authenticate(credentials(m.payload));
    const reader = terminalReader(user);
    const q = m.payload.query ?? {};
    // the month and days of the terminal's branch
    const { timeZone } = await this.context.forBranch(user.terminalBranch, reader);
    const range: JsonObject = withDefaultScope({ from: q.from, to: q.to }, reader, timeZone);
    const query: JsonObject = { ...range, user: String(user.id), perPage: '500' };
    if (m.payload.what === 'balances') return this.balances.balances(reader, { from: range.from, to: range.to });
    if (m.payload.what === 'working-activities') {
      const reply = await this.lists.activities(reader, { ...query, kind: q.kind ?? undefined }, timeZone);
      return reply.items;
    }
    // schedules are scoped to the reader's branches: the terminal reads them as a service for this one user
    return this.lists.schedulesForService(query, timeZone);
  }

  @Rpc('time-tracking.balance.list')
  balanceList(@Payload() m: RpcMessage<'time-tracking.balance.list'>) {
    return this.balances.balances(m.actor, m.payload.query ?? {});
  }

  @Rpc('time-tracking.holiday-balance.list')
  holidayList(@Payload() m: RpcMessage<'time-tracking.holiday-balance.list'>) {
    return this.balances.holidayBalances(m.actor, m.payload.query ?? {});
  }

  @Rpc('time-tracking.holiday-entitlement.save')
  saveEntitlement(@Payload() m: RpcMessage<'time-tracking.holiday-entitlement.save'>) {
    return this.balances.saveEntitlement(m.actor, m.payload.body);
  }

  @Rpc('time-tracking.time-sheet.export')
  export(@Payload() m: RpcMessage<'time-tracking.time-sheet.export'>) {
    return this.exports.export(m.actor, m.payload.query ?? {});
  }

  @Rpc('time-tracking.access-token.list')
  tokens(@Payload() m: RpcMessage<'time-tracking.access-token.list'>) {
    return this.terminals.listTokens(m.actor, m.payload.user);
  }

  @Rpc('time-tracking.access-token.issue')
  issue(@Payload() m: RpcMessage<'time-tracking.access-token.issue'>) {
    return this.terminals.issueToken(m.actor, m.payload.body);
  }

  @Rpc('time-tracking.access-token.revoke')
  revoke(@Payload() m: RpcMessage<'time-tracking.access-token.revoke'>) {
    return this.terminals.revokeToken(m.actor, m.payload.id);
  }

  @Rpc('time-tracking.time-clock.list')
  clocks(@Payload() m: RpcMessage<'time-tracking.time-clock.list'>) {
    return this.terminals.listClocks(m.actor);
  }

  @Rpc('time-tracking.time-clock.create')
  createClock(@Payload() m: RpcMessage<'time-tracking.time-clock.create'>) {
    return this.terminals.createClock(m.actor, m.payload.body);
  }

  @Rpc('time-tracking.time-clock.delete')
  deleteClock(@Payload() m: RpcMessage<'time-tracking.time-clock.delete'>) {
    return this.terminals.deleteClock(m.actor, m.payload.id);
  }
}
