import type { DomainException } from '@shop/server';
import { dataSourceOptions, migrate, OutboxEntity } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { TimeTrackingConfigSchema } from '../config/time-tracking-config.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import type { ClockUser } from '../terminal/clock-user.js';
import { ClockService } from './clock.service.js';
import { ClockRepository } from './clock.repository.js';

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
    clock = new ClockService(ds, { kick: async () => void kicks++ }, context, new ClockRepository(ds));
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

  it('refuses a step without an activity with its own reason (409)', async () => {
    expect(await refusal(clock.act(user(4), 'pause', {}))).toEqual({
      code: 'CONFLICT',
      message: 'Es läuft keine Aktivität, die pausiert werden könnte.',
    });
    expect(await refusal(clock.act(user(4), 'resume', {}))).toEqual({
      code: 'CONFLICT',
      message: 'Es gibt keine pausierte Aktivität, die fortgesetzt werden könnte.',
    });
    expect(await refusal(clock.act(user(4), 'end', {}))).toEqual({
      code: 'CONFLICT',
      message: 'Es läuft keine Aktivität, die beendet werden könnte.',
    });
  });

  describe('the partial unique index working_activity_one_open_per_user, without the service lock', () => {
    const insertOpen = (q: { query: DataSource['query'] }, userId: number, branch = 3) =>
      q.query(
        `INSERT INTO time_tracking.working_activity ("userId", "branchId", kind, start, pauses, warnings)
         VALUES ($1, $2, 'work', now(), '[]', '[]')`,
        [userId, branch],
      );
    const violation = async (p: Promise<unknown>) => {
      const err = (await p.then(
        () => null,
        (e: unknown) => e,
      )) as { driverError?: { code?: string; constraint?: string } } | null;
      return err && { code: err.driverError?.code, constraint: err.driverError?.constraint };
    };

    it('refuses a second open activity of one user from two transactions; ended ones and other users are free', async () => {
      const first = ds.createQueryRunner();
      const second = ds.createQueryRunner();
      await first.startTransaction();
      await second.startTransaction();
      try {
        await insertOpen(first, 5);
        // the second waits for the first's uncommitted row, and fails when it commits
        const blocked = violation(insertOpen(second, 5));
        await first.commitTransaction();
        expect(await blocked).toEqual({ code: '23505', constraint: 'working_activity_one_open_per_user' });
      } finally {
        if (second.isTransactionActive) await second.rollbackTransaction();
        await first.release();
        await second.release();
      }
      // another user may have one open, and the same user any number of ended ones
      await insertOpen(ds, 6);
      await ds.query(`UPDATE time_tracking.working_activity SET "end" = now() WHERE "userId" = 5`);
      await insertOpen(ds, 5);
      const [{ open }] = await ds.query(
        `SELECT count(*)::int AS open FROM time_tracking.working_activity WHERE "userId" IN (5, 6) AND "end" IS NULL`,
      );
      expect(open).toBe(2);
    });

    it("maps the index's refusal of a start to the 409 German reason, not a 500", async () => {
      // another writer (not the clock, so without its advisory lock) holds an uncommitted open activity of user 7:
      // the clock's check does not see it, its insert waits on the index and is refused when the writer commits
      const writer = ds.createQueryRunner();
      await writer.startTransaction();
      try {
        await insertOpen(writer, 7);
        const start = refusal(clock.act(user(7), 'start', {}));
        // until the clock's insert waits for the writer's row (else the clock's own check would answer)
        let waiting = 0;
        for (let i = 0; i < 400 && waiting === 0; i++) {
          [{ waiting }] = await ds.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO%working_activity%'`,
          );
          if (waiting === 0) await new Promise((r) => setTimeout(r, 25));
        }
        expect(waiting).toBe(1);
        await writer.commitTransaction();
        expect(await start).toEqual({
          code: 'CONFLICT',
          message: 'Es läuft bereits eine Aktivität. Bitte beenden Sie sie zuerst.',
        });
      } finally {
        if (writer.isTransactionActive) await writer.rollbackTransaction();
        await writer.release();
      }
      const [{ count }] = await ds.query(
        `SELECT count(*)::int AS count FROM time_tracking.working_activity WHERE "userId" = 7 AND "end" IS NULL`,
      );
      expect(count).toBe(1);
    });
  });
});
