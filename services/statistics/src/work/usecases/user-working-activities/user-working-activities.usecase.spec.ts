import type { DataSource } from 'typeorm';
import { admin, employeeOf, statisticsKit } from '../../../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../../../test/statistics-test-database.js';
import { WorkPeriodRepository } from '../../work-period.repository.js';
import { UserWorkingActivities } from './user-working-activities.usecase.js';

describe('UserWorkingActivities (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: UserWorkingActivities;
  const user = 7;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('user_working_activities'));
    const kit = statisticsKit(ds);
    usecase = new UserWorkingActivities(new WorkPeriodRepository(ds), kit.config);
    // 2 March 08:00–12:30 with a pause, and 4 March 22:00 to 5 March 02:00 across midnight (Vienna)
    await kit.work.apply({
      kind: 'activity',
      id: 1,
      user,
      branch: 1,
      segments: [
        { start: '2026-03-02T07:00:00Z', end: '2026-03-02T09:00:00Z' },
        { start: '2026-03-02T09:30:00Z', end: '2026-03-02T12:00:00Z' },
      ],
    });
    await kit.work.apply({
      kind: 'activity',
      id: 2,
      user,
      branch: 1,
      segments: [{ start: '2026-03-04T21:00:00Z', end: '2026-03-05T01:00:00Z' }],
    });
    // a schedule is planned, not worked
    await kit.work.apply({
      kind: 'schedule',
      id: 1,
      user,
      branch: 1,
      segments: [{ start: '2026-03-06T07:00:00Z', end: '2026-03-06T15:00:00Z' }],
    });
  });
  afterAll(() => close());

  it('answers the hours worked per calendar day in the shop’s time zone, cut at midnight, and their sum', async () => {
    expect(await usecase.execute(employeeOf(1, user), { user, start: '2026-03-01', end: '2026-03-31' })).toEqual({
      user,
      start: '2026-02-28T23:00:00.000Z',
      end: '2026-03-31T22:00:00.000Z',
      totalHours: 8.5,
      days: [
        { day: '2026-03-02', hours: 4.5 },
        { day: '2026-03-04', hours: 2 },
        { day: '2026-03-05', hours: 2 },
      ],
    });
    // cut at the range's edges too
    expect(await usecase.execute(admin, { user, start: '2026-03-05', end: '2026-03-05' })).toMatchObject({
      totalHours: 2,
      days: [{ day: '2026-03-05', hours: 2 }],
    });
  });

  it('shows employees their own activities only', async () => {
    await expect(
      usecase.execute(employeeOf(1, 8), { user, start: '2026-03-01', end: '2026-03-31' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
