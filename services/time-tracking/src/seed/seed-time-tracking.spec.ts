import { dataSourceOptions, migrate, OutboxEntity } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { WorkingScheduleEntity } from '../schedules/working-schedule.entity.js';
import { seedTimeTracking } from './seed-time-tracking.js';

describe('the time-tracking demo seed (real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase('tt_seed');
    await migrate(timeTrackingDatabase(db.url));
    ds = await new DataSource(dataSourceOptions(timeTrackingDatabase(db.url))).initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('plans two weeks and records last week for each demo staff member, once however often it runs', async () => {
    const staff = [
      { user: 2, branch: 1 },
      { user: 3, branch: 2 },
    ];
    const today = new Date('2026-11-25T10:00:00Z'); // a Wednesday
    expect(await seedTimeTracking(ds, staff, { today })).toEqual({ schedules: 20, activities: 10 });
    await seedTimeTracking(ds, staff, { today });
    const schedules = await ds.getRepository(WorkingScheduleEntity).find({ order: { date: 'ASC' } });
    expect(schedules).toHaveLength(20);
    expect(schedules[0]).toMatchObject({ date: '2026-11-16', start: '08:00', end: '16:30', breakMinutes: 30 });
    expect(schedules.at(-1)).toMatchObject({ date: '2026-11-27' });
    const activities = await ds.getRepository(WorkingActivityEntity).find({ order: { start: 'ASC' } });
    expect(activities).toHaveLength(10);
    // worked on the days of last week, in Vienna, with the lunch pause, ended; within the law (no warnings)
    for (const a of activities) {
      expect(a.start.toISOString() >= '2026-11-16T06:50:00.000Z').toBe(true);
      expect(a.end!.getTime()).toBeLessThan(Date.parse('2026-11-21T00:00:00Z'));
      expect(a.pauses).toHaveLength(1);
      expect(a.warnings).toEqual([]);
    }
    // every write went through the API's path: its events are in the outbox
    expect(await ds.getRepository(OutboxEntity).count()).toBe(60);
  });
});
