import { CRUD_RESOURCES, type WorkingSchedule } from '@shop/contracts';
import { plannedMinutes, shiftTimesError } from '@shop/domain';
import { format, TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { columnFilters, defineCrud, meta, requireAccess } from '@shop/server';
import { filterRange, isAdmin } from '../common/time-range.js';
import type { EntityManager } from 'typeorm';
import { WorkingScheduleEntity } from './working-schedule.entity.js';

export const scheduleDto = (e: WorkingScheduleEntity, timeZone: string): WorkingSchedule => ({
  ...meta(e),
  user: e.userId,
  branch: e.branchId,
  date: e.date,
  start: e.start,
  end: e.end,
  endsNextDay: e.endsNextDay,
  breakMinutes: e.breakMinutes,
  note: e.note,
  plannedMinutes: plannedMinutes(e, timeZone),
});

/**
 * Refuses (409) a change of shifts on these branch days when their month is closed (issue 41: MonthGuard), in the
 * write's transaction.
 */
export type ClosedMonthGuard = (m: EntityManager, days: Array<{ branch: number; date: string }>) => Promise<void>;

/**
 * Planned shifts: staff see and plan those of their branches (administrators all); a closed month's shifts stay
 * as they are (`guard`, the service's; left out where no month is closed, as in the demo seed).
 */
export function workingScheduleCrud(timeZone: string, guard?: ClosedMonthGuard) {
  return defineCrud(CRUD_RESOURCES['working-schedules'], WorkingScheduleEntity, {
    searchColumns: ['note'],
    order: { date: 'ASC', start: 'ASC' },
    actorScope(qb, a, actor) {
      if (!isAdmin(actor)) qb.andWhere(`${a}."branchId" = ANY(:mine)`, { mine: actor.branches });
    },
    applyFilters(qb, a, f) {
      columnFilters<WorkingScheduleEntity>({ user: 'userId', branch: 'branchId' })(qb, a, f);
      // either bound may be left out; both are checked like any range (order, at most 366 days)
      filterRange(f.from as string | undefined, f.to as string | undefined, timeZone);
      if (f.from !== undefined) qb.andWhere(`${a}."date" >= :from`, { from: f.from });
      if (f.to !== undefined) qb.andWhere(`${a}."date" <= :to`, { to: f.to });
    },
    // issue 41: an end at or before the start is the next day only when the input says so (never 20 silent hours)
    checkReferences(_manager, input) {
      const error = shiftTimesError(input);
      const messages = {
        notAfterStart: format(TIME_TRACKING_MESSAGES.shiftEndNotAfterStart, { start: input.start, end: input.end }),
        tooLong: TIME_TRACKING_MESSAGES.shiftNextDayTooLong,
      };
      return Promise.resolve(error ? [{ field: 'end', message: messages[error] }] : []);
    },
    authorize(actor, verb, existing, input) {
      const branches = [existing?.branchId, input?.branch].filter((x): x is number => x !== undefined);
      requireAccess(actor, verb === 'read' ? 'staff' : 'branch', verb === 'read' ? [] : branches);
    },
    async assign(input, e, manager) {
      // the shift's day before (a move) and after
      const days = [{ branch: input.branch, date: input.date }];
      if (e.id) days.push({ branch: e.branchId, date: e.date });
      await guard?.(manager, days);
      e.userId = input.user;
      e.branchId = input.branch;
      e.date = input.date;
      e.start = input.start;
      e.end = input.end;
      e.endsNextDay = input.endsNextDay;
      e.breakMinutes = input.breakMinutes;
      e.note = input.note;
    },
    async beforeDelete(manager, e) {
      await guard?.(manager, [{ branch: e.branchId, date: e.date }]);
    },
    toDto: (e) => scheduleDto(e, timeZone),
  });
}
