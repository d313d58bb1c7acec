import type { DataSource } from 'typeorm';
import { admin, employeeOf, statisticsKit } from '../../../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../../../test/statistics-test-database.js';
import { WorkPeriodRepository } from '../../work-period.repository.js';
import { GetUserProfile } from './user-profile.usecase.js';

describe('GetUserProfile (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: GetUserProfile;
  const user = 7;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('user_profile'));
    const kit = statisticsKit(ds);
    usecase = new GetUserProfile(new WorkPeriodRepository(ds), kit.config);
    // worked 08:00–12:30 on 2 March (Vienna), planned 08:00–16:00 on 2 and 3 March; another user's day besides
    await kit.work.apply({
      kind: 'activity',
      id: 1,
      user,
      branch: 1,
      segments: [{ start: '2026-03-02T07:00:00Z', end: '2026-03-02T11:30:00Z' }],
    });
    for (const [id, day] of [
      [1, '02'],
      [2, '03'],
    ] as const)
      await kit.work.apply({
        kind: 'schedule',
        id,
        user,
        branch: 1,
        segments: [{ start: `2026-03-${day}T07:00:00Z`, end: `2026-03-${day}T15:00:00Z` }],
      });
    await kit.work.apply({
      kind: 'activity',
      id: 2,
      user: 8,
      branch: 1,
      segments: [{ start: '2026-03-02T07:00:00Z', end: '2026-03-02T17:00:00Z' }],
    });
  });
  afterAll(() => close());

  const query = { user, start: '2026-03-02', now: '2026-03-03T00:00:00+01:00', end: '2026-03-03' };

  it('answers worked, planned and balance hours up to now', async () => {
    expect(await usecase.execute(employeeOf(1, user), query)).toEqual({
      user,
      start: '2026-03-01T23:00:00.000Z',
      now: '2026-03-02T23:00:00.000Z',
      end: '2026-03-03T23:00:00.000Z',
      workedHours: 4.5,
      plannedHours: 16,
      plannedHoursUntilNow: 8,
      balanceHours: -3.5,
    });
    // a range that ends before it starts counts nothing
    expect(await usecase.execute(admin, { ...query, now: '2026-03-01' })).toMatchObject({
      workedHours: 0,
      plannedHoursUntilNow: 0,
      plannedHours: 16,
    });
  });

  it('shows administrators every profile, employees their own only', async () => {
    expect((await usecase.execute(admin, query)).workedHours).toBe(4.5);
    await expect(usecase.execute(employeeOf(1, 8), query)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(usecase.execute(null, query)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
