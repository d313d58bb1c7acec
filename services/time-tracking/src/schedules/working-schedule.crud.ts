import { CRUD_RESOURCES, type WorkingSchedule } from '@shop/contracts';
import { plannedMinutes } from '@shop/domain';
import { columnFilters, defineCrud, meta, requireAccess } from '@shop/server';
import { filterRange, isAdmin } from '../common/time-range.js';
import { WorkingScheduleEntity } from './working-schedule.entity.js';

export const scheduleDto = (e: WorkingScheduleEntity, timeZone: string): WorkingSchedule => ({
  ...meta(e),
  user: e.userId,
  branch: e.branchId,
  date: e.date,
  start: e.start,
  end: e.end,
  breakMinutes: e.breakMinutes,
  note: e.note,
  plannedMinutes: plannedMinutes(e, timeZone),
});

/** Planned shifts: staff see and plan those of their branches (administrators all). */
export function workingScheduleCrud(timeZone: string) {
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
    authorize(actor, verb, existing, input) {
      const branches = [existing?.branchId, input?.branch].filter((x): x is number => x !== undefined);
      requireAccess(actor, verb === 'read' ? 'staff' : 'branch', verb === 'read' ? [] : branches);
    },
    assign(input, e) {
      e.userId = input.user;
      e.branchId = input.branch;
      e.date = input.date;
      e.start = input.start;
      e.end = input.end;
      e.breakMinutes = input.breakMinutes;
      e.note = input.note;
    },
    toDto: (e) => scheduleDto(e, timeZone),
  });
}
