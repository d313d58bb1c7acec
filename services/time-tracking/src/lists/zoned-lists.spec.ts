import type { Actor, WorkingActivity, WorkingSchedule } from '@shop/contracts';
import { CrudService, dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { BalanceService } from '../balances/balance.service.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { workingScheduleCrud } from '../schedules/working-schedule.crud.js';
import { WorkingTimeContext, type BranchPlace } from '../settings/working-time-context.js';
import { ZonedLists } from './zoned-lists.js';

/**
 * Issue 19 on the committed migrations (real Postgres): schedules' planned minutes and the lists' default month
 * are read in the branch's time zone, not the deployment's. The deployment here runs in UTC so that a zone mix-up
 * shows; the branches' places stand for the catalogue's answers.
 */
describe("lists and planned minutes in the branch's time zone (issue 19)", () => {
  let db: TestDatabase;
  let ds: DataSource;
  let context: WorkingTimeContext;
  let activities: CrudService<never, never>;
  let schedules: CrudService<never, never>;
  const relay = { kick: () => Promise.resolve() };
  const ADMIN: Actor = { id: 800, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
  /** branch 21 in Vienna, 22 in New York */
  const PLACES: Record<number, BranchPlace> = {
    21: { division: null, timeZone: 'Europe/Vienna' },
    22: { division: null, timeZone: 'America/New_York' },
  };
  const VIENNA: Actor = { id: 801, username: 'wien', roles: ['ROLE_EMPLOYEE'], branches: [21] };
  const NEW_YORK: Actor = { id: 802, username: 'ny', roles: ['ROLE_EMPLOYEE'], branches: [22] };
  const lists = (now: string) => new ZonedLists(ds, relay, context, () => new Date(now));
  // issue 41: a night says that it ends on the next day (endsNextDay)
  const work = (user: number, branch: number, start: string, end: string, endsNextDay = false) =>
    activities.create(ADMIN, {
      body: { user, branch, kind: 'work', start, end, endsNextDay, pauses: [], project: null, task: null, note: null },
    }) as Promise<WorkingActivity>;
  const plan = (user: number, branch: number, date: string, start: string, end: string, endsNextDay = false) =>
    schedules.create(ADMIN, {
      body: { user, branch, date, start, end, endsNextDay, breakMinutes: 0, note: null },
    }) as Promise<WorkingSchedule>;

  beforeAll(async () => {
    db = await createTestDatabase('zonedlists');
    await migrate(timeTrackingDatabase(db.url));
    ds = await new DataSource(
      dataSourceOptions({ ...timeTrackingDatabase(db.url), migrations: [], poolSize: 4 }),
    ).initialize();
    context = new WorkingTimeContext(ds, { ruleSet: 'AT', timeZone: 'UTC' }, async (b) => PLACES[b] ?? null);
    const rulesOf = (b: number) => context.forBranch(b);
    activities = new CrudService(workingActivityCrud(rulesOf, 'UTC'), ds, relay) as unknown as CrudService<
      never,
      never
    >;
    schedules = new CrudService(workingScheduleCrud('UTC'), ds, relay) as unknown as CrudService<never, never>;
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('a night shift over the spring change in Vienna is planned and worked for 7 real hours (UTC would say 8)', async () => {
    const user = 810;
    const s = await plan(user, 21, '2026-03-28', '22:00', '06:00', true);
    // the definition alone reads the deployment's zone; the answers read the branch's
    expect(s.plannedMinutes).toBe(480);
    expect((await lists('2026-04-10T10:00:00Z').inBranchZone(s, ADMIN)).plannedMinutes).toBe(420);
    const listed = await lists('2026-04-10T10:00:00Z').schedules(ADMIN, { branch: '21', from: '2026-03-28' });
    expect(listed.items.map((x) => [x.id, x.plannedMinutes])).toEqual([[s.id, 420]]);
    // and in autumn 9
    const autumn = await plan(user, 21, '2026-10-24', '22:00', '06:00', true);
    expect((await lists('2026-11-01T10:00:00Z').inBranchZone(autumn, ADMIN)).plannedMinutes).toBe(540);

    // worked 22:00 CET to 06:00 CEST: 7 hours passed; the balance of the branch plans 7 and counts 7, on the days
    // they fall on (issue 41: 2 hours on the 28th, 5 on the 29th)
    await work(user, 21, '2026-03-28T22:00:00+01:00', '2026-03-29T06:00:00+02:00', true);
    const [balance] = await new BalanceService(ds, context).balances(ADMIN, {
      branch: '21',
      from: '2026-03-28',
      to: '2026-03-29',
    });
    expect(balance.days.find((d) => d.date === '2026-03-28')).toMatchObject({
      plannedMinutes: 120,
      workedMinutes: 120,
      differenceMinutes: 0,
    });
    expect(balance.days.find((d) => d.date === '2026-03-29')).toMatchObject({
      plannedMinutes: 300,
      workedMinutes: 300,
    });
    expect([balance.plannedMinutes, balance.workedMinutes]).toEqual([420, 420]);
  });

  it('without filters, the current month is the Vienna month: at 00:30 on 1 April there (UTC still 31 March)', async () => {
    // 31 March 23:00 and 1 April 00:15 in Vienna (21:00 and 22:15 UTC on 31 March)
    const march = await work(VIENNA.id, 21, '2026-03-31T23:00:00+02:00', '2026-03-31T23:10:00+02:00');
    const april = await work(VIENNA.id, 21, '2026-04-01T00:15:00+02:00', '2026-04-01T00:25:00+02:00');
    const aprilPlan = await plan(VIENNA.id, 21, '2026-04-01', '08:00', '12:00');
    await plan(VIENNA.id, 21, '2026-03-31', '08:00', '12:00');
    const at = lists('2026-03-31T22:30:00Z');
    expect((await at.activities(VIENNA, {})).items.map((a) => (a as WorkingActivity).id)).toEqual([april.id]);
    expect((await at.schedules(VIENNA, {})).items.map((s) => s.id)).toEqual([aprilPlan.id]);
    // half an hour earlier (23:30 on 31 March in Vienna) it is still March, and March's last evening is in it
    const before = lists('2026-03-31T21:30:00Z');
    expect((await before.activities(VIENNA, {})).items.map((a) => (a as WorkingActivity).id)).toEqual([march.id]);
    // an explicit range is read in the same zone: 1 April in Vienna starts at 22:00 UTC on 31 March
    const range = await at.activities(VIENNA, { from: '2026-04-01', to: '2026-04-01' });
    expect(range.items.map((a) => (a as WorkingActivity).id)).toEqual([april.id]);
  });

  it('and vice versa in New York: at 23:30 on 31 January there UTC is already 1 February, the list stays January', async () => {
    const january = await work(NEW_YORK.id, 22, '2026-01-31T23:00:00-05:00', '2026-01-31T23:20:00-05:00');
    await work(NEW_YORK.id, 22, '2026-01-15T09:00:00-05:00', '2026-01-15T10:00:00-05:00');
    const listed = await lists('2026-02-01T04:30:00Z').activities(NEW_YORK, {});
    expect(listed.items.map((a) => (a as WorkingActivity).id)).toContain(january.id);
    expect(listed.meta.total).toBe(2);
    // someone without any activity yet: their first branch's zone
    const fresh: Actor = { ...NEW_YORK, id: 803 };
    const first = await work(803, 22, '2026-01-31T22:00:00-05:00', '2026-01-31T22:30:00-05:00');
    await ds.query(`DELETE FROM time_tracking.working_activity WHERE id <> $1 AND "userId" = 803`, [first.id]);
    expect((await lists('2026-02-01T04:30:00Z').activities(fresh, {})).items).toHaveLength(1);
  });
});
