import { Injectable } from '@nestjs/common';
import { MonthCloseQuery, type Actor, type JsonObject, type MonthClose } from '@shop/contracts';
import { localDate } from '@shop/domain';
import { parseOrThrow, requireAccess } from '@shop/server';
import { WorkingTimeContext } from '../../../settings/working-time-context.js';
import { monthCloses } from '../../month-closes.js';
import { MonthLocksRepository } from '../../month-locks.repository.js';

/**
 * `GET /api/time-sheets/month-closes?branch=&year=` (issue 41): the months of a branch's year that were ever closed,
 * closed or reopened, with their history. Staff of the branch read it (why a change was refused), administrators
 * every branch's.
 */
@Injectable()
export class ListMonthCloses {
  constructor(
    private readonly context: WorkingTimeContext,
    private readonly locks: MonthLocksRepository,
  ) {}

  async execute(actor: Actor | null, query: JsonObject): Promise<MonthClose[]> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(MonthCloseQuery, query);
    requireAccess(a, 'branch', [q.branch]);
    const { timeZone } = await this.context.forBranch(q.branch, a);
    const year = q.year ?? Number(localDate(new Date(), timeZone).slice(0, 4));
    const { months, events } = await this.locks.history(q.branch, `${year}-01`, `${year}-12`);
    return monthCloses(q.branch, months, events);
  }
}
