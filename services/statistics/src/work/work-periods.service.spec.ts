import type { StreamEvent, WorkPeriodSnapshot } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { busAnswering, statisticsKit } from '../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../test/statistics-test-database.js';
import { WorkPeriodEntity } from './work-period.entity.js';

const event = (name: string, id: number) => ({ name, payload: { id } }) as unknown as StreamEvent<'timeTracking'>;

describe('WorkPeriodsService (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  /** what the time-tracking service answers for an activity now (null: deleted) */
  const current = new Map<number, WorkPeriodSnapshot | null>();
  const asked: unknown[] = [];
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('work_periods'));
    const bus = busAnswering({
      'time-tracking.work-period.get': (p) => {
        asked.push(p);
        return current.get((p as { id: number }).id) ?? null;
      },
    });
    kit = statisticsKit(ds, bus);
  });
  afterAll(() => close());

  const from = new Date('2026-04-10T06:17:00Z');
  const to = new Date('2026-04-10T18:43:00Z');
  const hours = () => kit.metrics.aggregate('working-activities', from, to, null, 'day');
  const rowsOf = (sourceId: number) => ds.getRepository(WorkPeriodEntity).findBy({ kind: 'activity', sourceId });

  it('keeps an activity as it is now, however often and late its events come, with the rollups equal to the rows', async () => {
    current.set(1, {
      kind: 'activity',
      id: 1,
      user: 7,
      branch: 1,
      segments: [
        { start: '2026-04-10T07:00:00Z', end: '2026-04-10T09:00:00Z' },
        { start: '2026-04-10T09:30:00Z', end: null },
      ],
    });
    await kit.work.follow(event('time-tracking.working-activity.paused', 1));
    await kit.work.follow(event('time-tracking.working-activity.resumed', 1));
    expect((await rowsOf(1)).map((r) => [r.segment, r.endAt])).toEqual([
      [0, new Date('2026-04-10T09:00:00Z')],
      [1, null],
    ]);
    // ended: the running stretch is counted in the rollups now, once however often the event comes
    current.set(1, {
      ...current.get(1)!,
      segments: [current.get(1)!.segments[0], { start: '2026-04-10T09:30:00Z', end: '2026-04-10T12:00:00Z' }],
    });
    await kit.work.follow(event('time-tracking.working-activity.ended', 1));
    await kit.work.follow(event('time-tracking.working-activity.ended', 1));
    expect(await rowsOf(1)).toHaveLength(2);
    expect(await hours()).toEqual(await kit.metrics.aggregate('working-activities', from, to, null, 'day', false));
    expect((await hours()).breakdown).toEqual([{ key: '7', value: 4.5 }]);
    expect(asked).toEqual(Array.from({ length: 4 }, () => ({ kind: 'activity', id: 1 })));
  });

  it('takes a deleted activity back without asking, and ignores projects and tasks', async () => {
    await kit.work.follow(event('time-tracking.working-activity.deleted', 1));
    expect(await rowsOf(1)).toEqual([]);
    expect(await hours()).toMatchObject({ total: 0, breakdown: [] });
    await kit.work.follow(event('time-tracking.project.updated', 1));
    expect(asked).toHaveLength(4);
  });

  it('applies and removes a schedule idempotently', async () => {
    const schedule: WorkPeriodSnapshot = {
      kind: 'schedule',
      id: 5,
      user: 7,
      branch: 2,
      segments: [{ start: '2026-04-10T07:00:00Z', end: '2026-04-10T15:00:00Z' }],
    };
    await kit.work.apply(schedule);
    await kit.work.apply(schedule);
    const planned = () => kit.metrics.aggregate('working-schedules', from, to, [2], 'day');
    expect((await planned()).total).toBe(8);
    await kit.work.remove('schedule', 5);
    await kit.work.remove('schedule', 5);
    expect((await planned()).total).toBe(0);
  });
});
