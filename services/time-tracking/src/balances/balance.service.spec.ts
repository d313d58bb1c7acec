import type { Actor, UserBalance, WorkingActivity } from '@shop/contracts';
import { CrudService, dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { ZonedLists } from '../lists/zoned-lists.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { TimeSheetExportService } from '../exports/time-sheet-export.service.js';
import { workingScheduleCrud } from '../schedules/working-schedule.crud.js';
import { WorkingTimeContext, type BranchPlace } from '../settings/working-time-context.js';
import { BalanceService } from './balance.service.js';

/**
 * Issue 19 on the committed migrations (real Postgres): one employee works in a Vienna branch and a New York
 * branch in March 2026. Each activity and shift counts on its day, week and month in the zone of ITS OWN branch,
 * not in the zone of the person's latest branch: in balances, in the lists' date filters and in the export. The
 * deployment runs in UTC so that a zone mix-up shows; the branches' places stand for the catalogue's answers.
 */
describe('a person in branches of two time zones in one month (issue 19)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let context: WorkingTimeContext;
  let activities: CrudService<never, never>;
  let schedules: CrudService<never, never>;
  let balances: BalanceService;
  const relay = { kick: () => Promise.resolve() };
  const ADMIN: Actor = { id: 870, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
  const PLACES: Record<number, BranchPlace> = {
    31: { division: null, timeZone: 'Europe/Vienna' },
    32: { division: null, timeZone: 'America/New_York' },
  };
  const EMP: Actor = { id: 871, username: 'pendler', roles: ['ROLE_EMPLOYEE'], branches: [31, 32] };
  // issue 41: work that ends on the next local day says so (endsNextDay)
  const work = (branch: number, start: string, end: string, user = EMP.id, endsNextDay = false) =>
    activities.create(ADMIN, {
      body: { user, branch, kind: 'work', start, end, endsNextDay, pauses: [], project: null, task: null, note: null },
    }) as Promise<WorkingActivity>;
  const ids = async (query: Record<string, string>, now = '2026-03-31T12:00:00Z') =>
    (await new ZonedLists(ds, relay, context, () => new Date(now)).activities(EMP, query)).items
      .map((a) => (a as WorkingActivity).id)
      .sort((x, y) => x - y);
  const sheet = async (from: string, to: string): Promise<UserBalance> =>
    (await balances.balances(EMP, { from, to }))[0];
  const day = (b: UserBalance, date: string) => {
    const d = b.days.find((x) => x.date === date);
    return d && [d.plannedMinutes, d.workedMinutes];
  };

  let lastFebruaryInNy: WorkingActivity;
  let nightInNy: WorkingActivity;
  let earlyInVienna: WorkingActivity;
  let sundayInNy: WorkingActivity;
  let lateInVienna: WorkingActivity;

  beforeAll(async () => {
    db = await createTestDatabase('twozones');
    await migrate(timeTrackingDatabase(db.url));
    ds = await new DataSource(
      dataSourceOptions({ ...timeTrackingDatabase(db.url), migrations: [], poolSize: 4 }),
    ).initialize();
    context = new WorkingTimeContext(ds, { ruleSet: 'AT', timeZone: 'UTC' }, async (b) => PLACES[b] ?? null);
    activities = new CrudService(
      workingActivityCrud((b) => context.forBranch(b), 'UTC'),
      ds,
      relay,
    ) as never;
    schedules = new CrudService(workingScheduleCrud('UTC'), ds, relay) as never;
    balances = new BalanceService(ds, context);

    // Saturday 28 February 19:00–22:00 in New York: 1 March 01:00–04:00 in Vienna
    lastFebruaryInNy = await work(32, '2026-02-28T19:00:00-05:00', '2026-02-28T22:00:00-05:00');
    // Saturday 7 March 22:00 EST to Sunday 06:00 EDT (the US spring change): 7 real hours, planned so
    await schedules.create(ADMIN, {
      body: {
        user: EMP.id,
        branch: 32,
        date: '2026-03-07',
        start: '22:00',
        end: '06:00',
        endsNextDay: true,
        breakMinutes: 0,
        note: null,
      },
    });
    nightInNy = await work(32, '2026-03-07T22:00:00-05:00', '2026-03-08T06:00:00-04:00', EMP.id, true);
    // Tuesday 10 March 00:30–02:30 in Vienna: still Monday 9 March 19:30 in New York
    earlyInVienna = await work(31, '2026-03-10T00:30:00+01:00', '2026-03-10T02:30:00+01:00');
    // Sunday 15 March 20:00–23:00 in New York: Monday 16 March 01:00 in Vienna, another ISO week
    sundayInNy = await work(32, '2026-03-15T20:00:00-04:00', '2026-03-15T23:00:00-04:00');
    // the latest activity is in Vienna: the sheet's zone
    lateInVienna = await work(31, '2026-03-20T08:00:00+01:00', '2026-03-20T12:00:00+01:00');
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it("counts each activity and shift on its day, week and month in its own branch's zone", async () => {
    const march = await sheet('2026-03-01', '2026-03-31');
    expect(march.timeZone).toBe('Europe/Vienna');
    // New York's last February evening is not March's, though it was 1 March in Vienna
    expect(day(march, '2026-03-01')).toEqual([0, 0]);
    // the New York night: its dates there, 7 real hours planned and worked (Vienna would say 8 h planned, on the
    // 8th), split at New York's midnight (issue 41): 22:00–24:00 on the 7th, 00:00 EST–06:00 EDT (5 h) on the 8th
    expect(day(march, '2026-03-07')).toEqual([120, 120]);
    expect(day(march, '2026-03-08')).toEqual([300, 300]);
    // Vienna's early hours on the 10th stay on the 10th (New York would say the 9th)
    expect(day(march, '2026-03-09')).toEqual([0, 0]);
    expect(day(march, '2026-03-10')).toEqual([0, 120]);
    // New York's Sunday evening is in the week of 9 March, not of 16 March
    expect(day(march, '2026-03-15')).toEqual([0, 180]);
    expect(march.weeks.find((w) => w.period === '2026-03-09')?.workedMinutes).toBe(300);
    expect(march.weeks.find((w) => w.period === '2026-03-16')?.workedMinutes).toBe(240);
    expect(march.months).toEqual([
      { period: '2026-03', plannedMinutes: 420, workedMinutes: 960, differenceMinutes: 540 },
    ]);
    expect([march.plannedMinutes, march.workedMinutes, march.overtimeMinutes]).toEqual([420, 960, 540]);
    // and February has its last evening
    const february = await sheet('2026-02-01', '2026-02-28');
    expect(day(february, '2026-02-28')).toEqual([0, 180]);
    expect(february.workedMinutes).toBe(180);
  });

  it("filters the lists by each activity's own day: the default month, a range and a single day", async () => {
    const inMarch = [nightInNy.id, earlyInVienna.id, sundayInNy.id, lateInVienna.id];
    expect(await ids({})).toEqual(inMarch);
    expect(await ids({ from: '2026-03-01', to: '2026-03-31' })).toEqual(inMarch);
    expect(await ids({ from: '2026-02-01', to: '2026-02-28' })).toEqual([lastFebruaryInNy.id]);
    expect(await ids({ from: '2026-03-10', to: '2026-03-10' })).toEqual([earlyInVienna.id]);
    expect(await ids({ from: '2026-03-09', to: '2026-03-09' })).toEqual([]);
    expect(await ids({ from: '2026-03-15', to: '2026-03-15' })).toEqual([sundayInNy.id]);
    expect(await ids({ from: '2026-03-16', to: '2026-03-16' })).toEqual([]);
    // one open bound
    expect(await ids({ to: '2026-02-28' })).toEqual([lastFebruaryInNy.id]);
    expect(await ids({ from: '2026-03-15' })).toEqual([sundayInNy.id, lateInVienna.id]);
  });

  it("exports a month's rows by their own day, with names, planned minutes and the running balance", async () => {
    // the names identity and the catalogue would answer
    const names = {
      user: async (id: number) => (id === EMP.id ? 'Pat Pendler' : null),
      branch: async (id: number) => ({ 31: 'Wien Mitte', 32: 'New York Midtown' })[id] ?? null,
    };
    const rowsOf = async (month: string) => {
      const { base64 } = await new TimeSheetExportService(ds, context, balances, names).export(EMP, {
        month,
        format: 'csv',
      });
      return Buffer.from(base64, 'base64')
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(';'));
    };
    expect((await rowsOf('2026-02')).map((r) => r[0])).toEqual(['2026-02-28']);
    const march = await rowsOf('2026-03');
    // the New York night in two rows, one per local day (issue 41)
    expect(march.map((r) => r[0])).toEqual(['2026-03-07', '2026-03-08', '2026-03-10', '2026-03-15', '2026-03-20']);
    expect(march.map((r) => [r[1], r[2]])).toEqual([
      ['Pat Pendler', 'New York Midtown'],
      ['Pat Pendler', 'New York Midtown'],
      ['Pat Pendler', 'Wien Mitte'],
      ['Pat Pendler', 'New York Midtown'],
      ['Pat Pendler', 'Wien Mitte'],
    ]);
    expect(march.slice(0, 2).map((r) => [r[4], r[5], r[7]])).toEqual([
      ['22:00', '24:00', '120'],
      ['00:00', '06:00', '300'],
    ]);
    // planned and running balance (minutes): the New York night 120 + 300 planned and worked, then unplanned work
    expect(march.map((r) => [r[10], r[11]])).toEqual([
      ['120', '0'],
      ['300', '0'],
      ['0', '120'],
      ['0', '300'],
      ['0', '540'],
    ]);
  });

  it('reads the same days when the latest activity moves to New York', async () => {
    await work(32, '2026-03-25T09:00:00-04:00', '2026-03-25T10:00:00-04:00');
    const march = await sheet('2026-03-01', '2026-03-31');
    expect(march.timeZone).toBe('America/New_York');
    expect(day(march, '2026-03-09')).toEqual([0, 0]);
    expect(day(march, '2026-03-10')).toEqual([0, 120]);
    expect(day(march, '2026-03-25')).toEqual([0, 60]);
    expect(march.workedMinutes).toBe(1020);
    expect(await ids({ from: '2026-03-10', to: '2026-03-10' })).toEqual([earlyInVienna.id]);
  });

  it("judges the law's working days of an activity's neighbours in their own zones too", async () => {
    // Monday 9 March 19:00–22:00 in New York (Tuesday 00:00–03:00 in Vienna), then Tuesday 04:00–08:00 in Vienna:
    // two working days with one hour of rest between them, not one Vienna day of 7 hours
    await work(32, '2026-03-09T19:00:00-04:00', '2026-03-09T22:00:00-04:00', 872);
    const next = await work(31, '2026-03-10T04:00:00+01:00', '2026-03-10T08:00:00+01:00', 872);
    expect(next.warnings.map((w) => [w.rule, w.date])).toEqual([['dailyRest', '2026-03-10']]);
  });

  it("takes a multi-day holiday's working days (Monday to Friday) in its branch's zone, also across the year", async () => {
    const HOL: Actor = { id: 874, username: 'urlaub', roles: ['ROLE_EMPLOYEE'], branches: [31, 32] };
    const holiday = (branch: number, start: string, end: string) =>
      activities.create(ADMIN, {
        body: { user: HOL.id, branch, kind: 'holiday', start, end, pauses: [], project: null, task: null, note: null },
      });
    // Thursday 2 July to Tuesday 7 July in Vienna: Thursday, Friday, Monday, Tuesday (not the weekend)
    await holiday(31, '2026-07-02T00:00:00+02:00', '2026-07-08T00:00:00+02:00');
    // New York, Wednesday 31 December 2025 to Friday 2 January 2026: two days of 2026 (in Vienna the end would be
    // Saturday 06:00 and the start Wednesday 06:00: the same count, but the days are New York's)
    await holiday(32, '2025-12-31T00:00:00-05:00', '2026-01-03T00:00:00-05:00');
    // Sunday 8 November 20:00 to 23:00 in New York: Monday in Vienna, no working day where it was taken
    await holiday(32, '2026-11-08T20:00:00-05:00', '2026-11-08T23:00:00-05:00');
    const [b2026] = await balances.holidayBalances(HOL, { year: 2026 });
    expect(b2026).toMatchObject({ user: HOL.id, takenDays: 6, remainingDays: 19 });
    const [b2025] = await balances.holidayBalances(HOL, { year: 2025 });
    expect(b2025).toMatchObject({ takenDays: 1 });
  });
});
