import { Injectable } from '@nestjs/common';
import { MonthReopenInput, type Actor, type MonthClose } from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { refuse } from '../../../common/refusal.js';
import { monthLabel } from '../../month-guard.js';
import { monthCloses } from '../../month-closes.js';
import { MonthLocksRepository } from '../../month-locks.repository.js';

/**
 * `POST /api/time-sheets/month-closes/reopen` (issue 41): who manages the branch reopens a closed month with a
 * reason; the reopening is kept with who, when and why in the month's history. 409 for a month that is not closed.
 */
@Injectable()
export class ReopenMonth {
  constructor(
    private readonly ds: DataSource,
    private readonly locks: MonthLocksRepository,
  ) {}

  async execute(actor: Actor | null, body: unknown): Promise<MonthClose> {
    const a = requireAccess(actor, 'staff');
    const { branch, month, reason } = parseOrThrow(MonthReopenInput, body);
    requireAccess(a, 'manage', [branch]);
    await this.ds.transaction(async (m) => {
      await this.locks.lockBranch(m, branch);
      if (!(await this.locks.closed(m, [{ branch, month }])).length)
        throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.monthNotClosed, 'month', { month: monthLabel(month) });
      await this.locks.record(m, { branch, month }, 'reopened', a, reason);
    });
    const { months, events } = await this.locks.history(branch, month, month);
    return monthCloses(branch, months, events)[0];
  }
}
