import { Injectable } from '@nestjs/common';
import { MonthCloseInput, type Actor, type MonthClose } from '@shop/contracts';
import { addDays, localDate, zonedInstant } from '@shop/domain';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { refuse } from '../../../common/refusal.js';
import { WorkingTimeContext } from '../../../settings/working-time-context.js';
import { monthLabel } from '../../month-guard.js';
import { monthCloses } from '../../month-closes.js';
import { MonthLocksRepository } from '../../month-locks.repository.js';

/**
 * `POST /api/time-sheets/month-closes` (issue 41): who manages a branch closes a month of it once the month is over
 * (in the branch's zone) and after its export. Refused (409) while an activity of the branch that began before the
 * month's end still runs (its minutes would grow in the closed month), and for a month already closed. From then on
 * the branch's activities and shifts of that month are not changed (MonthGuard) and its export gives the same file.
 */
@Injectable()
export class CloseMonth {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
    private readonly locks: MonthLocksRepository,
  ) {}

  async execute(actor: Actor | null, body: unknown, now = new Date()): Promise<MonthClose> {
    const a = requireAccess(actor, 'staff');
    const { branch, month } = parseOrThrow(MonthCloseInput, body);
    requireAccess(a, 'manage', [branch]);
    const { timeZone } = await this.context.forBranch(branch, a);
    const label = { month: monthLabel(month) };
    if (month >= localDate(now, timeZone).slice(0, 7))
      throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.monthNotOver, 'month', label);
    const next = `${addDays(`${month}-01`, 32).slice(0, 7)}-01`;
    await this.ds.transaction(async (m) => {
      await this.locks.lockBranch(m, branch);
      if ((await this.locks.closed(m, [{ branch, month }])).length)
        throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.monthAlreadyClosed, 'month', label);
      if (await this.locks.openActivityBefore(m, branch, zonedInstant(next, 0, timeZone)))
        throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.monthOpenActivity, 'month', label);
      await this.locks.record(m, { branch, month }, 'closed', a, null);
    });
    const { months, events } = await this.locks.history(branch, month, month);
    return monthCloses(branch, months, events)[0];
  }
}
