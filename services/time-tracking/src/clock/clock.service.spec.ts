import type { DomainException } from '@shop/server';
import { dataSourceOptions, migrate, OutboxEntity } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { TimeTrackingConfigSchema } from '../config/time-tracking-config.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { ClockService, type ClockUser } from './clock.service.js';

/**
 * The clock use case on the committed migrations (real Postgres): offline events at their device time, once per
 * idempotency key also when sent twice at once, never before the activity's last step; concurrent starts.
 */
describe('ClockService (issue 19)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let clock: ClockService;
  let kicks = 0;
  const user = (id: number): ClockUser => ({ id, username: `u${id}`, terminalBranch: 3, actor: null });
  const base = Date.now();
  /** device times relative to one instant, so that the same event carries the same time each time it is sent */
  const ago = (minutes: number) => new Date(base - minutes * 60_000).toISOString();
  const refusal = async (p: Promise<unknown>) => {
    const err = (await p.then(
      () => null,
      (e: unknown) => e,
    )) as DomainException | null;
    return err && { code: err.code, message: err.message };
  };

  beforeAll(async () => {
    db = await createTestDatabase('clock');
    await migrate(timeTrackingDatabase(db.url));
    const options = timeTrackingDatabase(db.url);
    ds = await new DataSource(dataSourceOptions({ ...options, migrations: [], poolSize: 8 })).initialize();
    const c = TimeTrackingConfigSchema.parse({});
    // branch 3 is not the catalogue's here: the deployment's defaults apply
    const context = new WorkingTimeContext(
      ds,
      { ruleSet: c.WORKING_TIME_RULES, timeZone: c.TIME_TRACKING_TIME_ZONE },
      async () => null,
    );
    clock = new ClockService(ds, { kick: async () => void kicks++ }, context);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('applies offline events once, at their device time, and refuses one before the last step', async () => {
    const u = user(1);
    await clock.act(u, 'start', { at: ago(240), idempotencyKey: 'k-start-0001' });
    await clock.act(u, 'pause', { at: ago(180), idempotencyKey: 'k-pause-0001' });
    // the same event twice at once: applied once
    await Promise.all([
      clock.act(u, 'resume', { at: ago(150), idempotencyKey: 'k-resume-001' }),
      clock.act(u, 'resume', { at: ago(150), idempotencyKey: 'k-resume-001' }),
    ]);
    await clock.act(u, 'pause', { at: ago(180), idempotencyKey: 'k-pause-0001' });
    expect(await refusal(clock.act(u, 'pause', { at: ago(200) }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Der Zeitpunkt liegt vor dem letzten Schritt der Aktivität.',
    });
    const done = await clock.act(u, 'end', { at: ago(0), idempotencyKey: 'k-end-00001' });
    expect(done.ended).toMatchObject({
      start: ago(240),
      pauses: [{ start: ago(180), end: ago(150) }],
      netMinutes: 210,
    });
    expect(done.current).toBeNull();
    const events = await ds.getRepository(OutboxEntity).find({ order: { id: 'ASC' } });
    expect(events.map((e) => e.subject)).toEqual([
      'time-tracking.working-activity.started',
      'time-tracking.working-activity.paused',
      'time-tracking.working-activity.resumed',
      'time-tracking.working-activity.ended',
    ]);
    expect(kicks).toBeGreaterThanOrEqual(4);
  });

  it('refuses times in the future or more than 7 days back', async () => {
    expect(
      (await refusal(clock.act(user(2), 'start', { at: new Date(Date.now() + 3_600_000).toISOString() })))?.message,
    ).toBe('Der Zeitpunkt darf nicht in der Zukunft liegen.');
    expect((await refusal(clock.act(user(2), 'start', { at: ago(8 * 24 * 60) })))?.message).toBe(
      'Der Zeitpunkt darf höchstens 7 Tage zurückliegen.',
    );
  });

  it('concurrent starts of one user: one activity, the others 409', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => refusal(clock.act(user(3), 'start', {}))));
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r?.code === 'CONFLICT')).toHaveLength(7);
    const [{ count }] = await ds.query(
      `SELECT count(*)::int AS count FROM time_tracking.working_activity WHERE "userId" = 3`,
    );
    expect(count).toBe(1);
  });
});
