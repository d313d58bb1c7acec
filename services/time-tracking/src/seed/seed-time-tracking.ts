import type { LawRuleSet } from '@shop/contracts';
import { addDays, localDate, weekOf, zonedInstant } from '@shop/domain';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { workingScheduleCrud } from '../schedules/working-schedule.crud.js';
import { WorkingScheduleEntity } from '../schedules/working-schedule.entity.js';

export interface SeedStaffMember {
  user: number;
  branch: number;
}

export interface TimeTrackingSeedOptions {
  today?: Date;
  timeZone?: string;
  ruleSet?: LawRuleSet;
  /** the outbox relay, so that the statistics hear of the seeded rows (absent: the relay finds them later) */
  relay?: { kick(): Promise<void> };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/**
 * The demo staff's time tracking (idempotent, by person and day): last week and this week planned Monday to
 * Friday 08:00–16:30 with a 30-minute break, and last week worked with a lunch pause, a few minutes early or late
 * as people are (a fixed pattern, so running the seed again changes nothing).
 */
export async function seedTimeTracking(
  ds: DataSource,
  staff: readonly SeedStaffMember[],
  o: TimeTrackingSeedOptions = {},
): Promise<{ schedules: number; activities: number }> {
  const timeZone = o.timeZone ?? 'Europe/Vienna';
  const relay = o.relay ?? { kick: () => Promise.resolve() };
  const schedules = new CrudService(workingScheduleCrud(timeZone), ds, relay);
  const activities = new CrudService(
    workingActivityCrud(async () => ({ ruleSet: o.ruleSet ?? 'AT', timeZone }), timeZone),
    ds,
    relay,
  );
  const monday = weekOf(localDate(o.today ?? new Date(), timeZone));
  const at = (date: string, hhmm: string, shift = 0) =>
    zonedInstant(date, minutes(hhmm) + shift, timeZone).toISOString();
  let planned = 0;
  let worked = 0;
  for (const [n, { user, branch }] of staff.entries()) {
    for (let d = 0; d < 5; d++) {
      for (const date of [addDays(monday, d - 7), addDays(monday, d)]) {
        const existing = await ds.getRepository(WorkingScheduleEntity).findOneBy({ userId: user, date });
        const body = { user, branch, date, start: '08:00', end: '16:30', breakMinutes: 30, note: null };
        await schedules.saveForService({ id: existing?.id, body });
        planned += 1;
      }
      const date = addDays(monday, d - 7);
      // -4 … +6 minutes around the plan, different per person and day
      const early = ((n * 3 + d * 7) % 11) - 4;
      const late = ((n * 5 + d * 3) % 11) - 4;
      const start = at(date, '08:00', early);
      const existing = await ds
        .getRepository(WorkingActivityEntity)
        .findOneBy({ userId: user, start: new Date(start) });
      const body = {
        user,
        branch,
        kind: 'work',
        start,
        end: at(date, '16:30', late),
        pauses: [{ start: at(date, '12:00'), end: at(date, '12:30') }],
        note: null,
      };
      await activities.saveForService({ id: existing?.id, body });
      worked += 1;
    }
  }
  return { schedules: planned, activities: worked };
}
