import { type Actor, type JsonObject, type TerminalCredentials, type WorkingActivity } from '@shop/contracts';
import { createRpcController, requireAccess, rpc } from '@shop/server';
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
export class TimeTrackingController extends createRpcController([
  rpc('time-tracking.clock.me', ClockService, (clock, m) => clock.state(sessionUser(m.actor))),
  rpc('time-tracking.clock.act', ClockService, (clock, m) =>
    clock.act(sessionUser(m.actor), m.payload.action, m.payload.body),
  ),
  rpc('time-tracking.terminal.me', [TerminalService, ClockService], async ([terminals, clock], m) =>
    clock.state(await terminals.authenticate(credentials(m.payload))),
  ),
  rpc('time-tracking.terminal.act', [TerminalService, ClockService], async ([terminals, clock], m) => {
    const user = await terminals.authenticate(credentials(m.payload));
    if (m.payload.action === 'start') await terminals.requireStartBranch(user);
    return clock.act(user, m.payload.action, m.payload.body);
  }),
  // the employee's own schedules, activities or balance (the current month unless from/to are given)
  rpc(
    'time-tracking.terminal.list',
    [TerminalService, WorkingTimeContext, BalanceService, ZonedLists],
    async ([terminals, context, balances, lists], m) => {
      const user = await terminals.authenticate(credentials(m.payload));
      const reader = terminalReader(user);
      const q = m.payload.query ?? {};
      // the month and days of the terminal's branch
      const { timeZone } = await context.forBranch(user.terminalBranch, reader);
      const range: JsonObject = withDefaultScope({ from: q.from, to: q.to }, reader, timeZone);
      const query: JsonObject = { ...range, user: String(user.id), perPage: '500' };
      if (m.payload.what === 'balances') return balances.balances(reader, { from: range.from, to: range.to });
      if (m.payload.what === 'working-activities') {
        const reply = await lists.activities(reader, { ...query, kind: q.kind ?? undefined }, timeZone);
        // the lists are type-erased (one CRUD service type for every resource); these items are activities
        return reply.items as WorkingActivity[];
      }
      // schedules are scoped to the reader's branches: the terminal reads them as a service for this one user
      return lists.schedulesForService(query, timeZone);
    },
  ),
  rpc('time-tracking.balance.list', BalanceService, (balances, m) => balances.balances(m.actor, m.payload.query ?? {})),
  rpc('time-tracking.holiday-balance.list', BalanceService, (balances, m) =>
    balances.holidayBalances(m.actor, m.payload.query ?? {}),
  ),
  rpc('time-tracking.holiday-entitlement.save', BalanceService, (balances, m) =>
    balances.saveEntitlement(m.actor, m.payload.body),
  ),
  rpc('time-tracking.time-sheet.export', TimeSheetExportService, (exports, m) =>
    exports.export(m.actor, m.payload.query ?? {}),
  ),
  rpc('time-tracking.access-token.list', TerminalService, (terminals, m) =>
    terminals.listTokens(m.actor, m.payload.user),
  ),
  rpc('time-tracking.access-token.issue', TerminalService, (terminals, m) =>
    terminals.issueToken(m.actor, m.payload.body),
  ),
  rpc('time-tracking.access-token.revoke', TerminalService, (terminals, m) =>
    terminals.revokeToken(m.actor, m.payload.id),
  ),
  rpc('time-tracking.time-clock.list', TerminalService, (terminals, m) => terminals.listClocks(m.actor)),
  rpc('time-tracking.time-clock.create', TerminalService, (terminals, m) =>
    terminals.createClock(m.actor, m.payload.body),
  ),
  rpc('time-tracking.time-clock.delete', TerminalService, (terminals, m) =>
    terminals.deleteClock(m.actor, m.payload.id),
  ),
]) {}
