import type { Actor } from '@shop/contracts';
import { addDays, localDate, zonedInstant } from '@shop/domain';
import { CrudService, dataSourceOptions, migrate, type DomainException } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { BalanceService } from '../balances/balance.service.js';
import { ClockService } from '../clock/clock.service.js';
import type { ClockUser } from '../terminal/clock-user.js';
import { ClockRepository } from '../clock/clock.repository.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { WorkingTimeContext, type BranchPlace } from './working-time-context.js';
import { workingTimeSettingCrud } from './working-time-setting.crud.js';

/**
 * Issue 19 on the committed migrations (real Postgres): the law rule set is a division's setting (Austria unless
 * set), the time zone the branch's; the end-of-shift answer, the stored activity and the balance carry the
 * warnings of that rule set, never blocking. The branches' places stand for the catalogue's answers.
 */
describe('working-time rule set per division, time zone per branch (issue 19)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let clock: ClockService;
  let balances: BalanceService;
  let settings: CrudService<never, never>;
  let context: WorkingTimeContext;
  const relay = { kick: () => Promise.resolve() };
  const ADMIN: Actor = { id: 900, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
  const EMPLOYEE: Actor = { id: 901, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [11] };
  /** branch 11 in division 1 (Vienna), 12 in division 2 (Vienna), 13 in division 2 but in London */
  const PLACES: Record<number, BranchPlace> = {
    11: { division: 1, timeZone: 'Europe/Vienna' },
    12: { division: 2, timeZone: 'Europe/Vienna' },
    13: { division: 2, timeZone: 'Europe/London' },
  };
  /** the refusal of a call (some refuse before they return a promise) */
  const refusal = async (call: () => Promise<unknown>) => {
    const err = (await Promise.resolve()
      .then(call)
      .then(
        () => null,
        (e: unknown) => e,
      )) as DomainException | null;
    return err && { code: err.code, message: err.message, errors: err.errors };
  };
  /** a shift of user `id` at `branch`, clocked with device times on a local day of the branch's zone */
  async function shift(id: number, branch: number, date: string, from: string, to: string, pause?: [string, string]) {
    const zone = PLACES[branch].timeZone;
    const at = (hhmm: string) =>
      zonedInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), zone).toISOString();
    const user: ClockUser = { id, username: `u${id}`, terminalBranch: branch, actor: null };
    await clock.act(user, 'start', { at: at(from) });
    if (pause) {
      await clock.act(user, 'pause', { at: at(pause[0]) });
      await clock.act(user, 'resume', { at: at(pause[1]) });
    }
    return clock.act(user, 'end', { at: at(to) });
  }
  /** a working day three days back in Vienna (within the 7 days a device may send late) */
  const day = addDays(localDate(new Date(), 'Europe/Vienna'), -3);
  let nextUser = 1;

  beforeAll(async () => {
    db = await createTestDatabase('worktimerules');
    await migrate(timeTrackingDatabase(db.url));
    ds = await new DataSource(
      dataSourceOptions({ ...timeTrackingDatabase(db.url), migrations: [], poolSize: 4 }),
    ).initialize();
    context = new WorkingTimeContext(
      ds,
      { ruleSet: 'AT', timeZone: 'Europe/Vienna' },
      async (branch) => PLACES[branch] ?? null,
    );
    clock = new ClockService(ds, relay, context, new ClockRepository(ds));
    balances = new BalanceService(ds, context);
    settings = new CrudService(workingTimeSettingCrud, ds, relay) as unknown as CrudService<never, never>;
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('administrators keep one rule set per division; staff read; bad input is a German 4xx with its field', async () => {
    const created = (await settings.create(ADMIN, { body: { division: 2, ruleSet: 'DE' } })) as { id: number };
    expect(created).toMatchObject({ division: 2, ruleSet: 'DE' });
    expect(await settings.list(EMPLOYEE, { query: { division: '2' } })).toMatchObject({
      items: [{ division: 2, ruleSet: 'DE' }],
    });
    expect(await refusal(() => settings.create(EMPLOYEE, { body: { division: 1, ruleSet: 'DE' } }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(() => settings.create(ADMIN, { body: { division: 2, ruleSet: 'AT' } }))).toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'division' }],
    });
    const invalid = await refusal(() => settings.create(ADMIN, { body: { division: 3, ruleSet: 'CH' } }));
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'ruleSet' }] });
    expect(invalid?.errors?.[0].message).toBe('Der gewählte Wert ist ungültig.');
    // edited: division 2 follows the German rules until set back
    await settings.update(ADMIN, { id: created.id, body: { division: 2, ruleSet: 'AT' } });
    expect((await context.forBranch(12)).ruleSet).toBe('AT');
    await settings.update(ADMIN, { id: created.id, body: { division: 2, ruleSet: 'DE' } });
    expect(await context.forBranch(12)).toEqual({ ruleSet: 'DE', timeZone: 'Europe/Vienna', division: 2 });
    expect(await context.forBranch(11)).toEqual({ ruleSet: 'AT', timeZone: 'Europe/Vienna', division: 1 });
    expect(await context.forBranch(99)).toEqual({ ruleSet: 'AT', timeZone: 'Europe/Vienna', division: null });
  });

  it('German rules: 07:43–16:44 with 30 minutes (8 h 31 min net) gives no warning; 9 h 01 min net needs 45', async () => {
    const fine = await shift(nextUser++, 12, day, '07:43', '16:44', ['12:00', '12:30']);
    expect(fine.ended).toMatchObject({ netMinutes: 511, warnings: [] });
    const over = await shift(nextUser++, 12, day, '07:00', '16:31', ['12:00', '12:30']);
    expect(over.ended?.warnings).toEqual([
      {
        rule: 'break',
        date: day,
        source: '§ 4 ArbZG',
        message:
          'Bei 9 h 1 min Arbeitszeit ist eine Pause von mindestens 45 Minuten vorgeschrieben (30 Minuten genommen).',
      },
    ]);
    // the same day in a division on the Austrian rules: 30 minutes suffice
    expect((await shift(nextUser++, 11, day, '07:00', '16:31', ['12:00', '12:30'])).ended?.warnings).toEqual([]);
  });

  it('daily maximum by the division: 10 h 01 min net warns under German rules, not under Austrian ones', async () => {
    const de = await shift(nextUser++, 12, day, '06:00', '16:46', ['12:00', '12:45']);
    expect(de.ended?.warnings.map((w) => [w.rule, w.source])).toEqual([['dailyMaximum', '§ 3 ArbZG']]);
    const at = await shift(nextUser++, 11, day, '06:00', '16:46', ['12:00', '12:45']);
    expect(at.ended?.warnings).toEqual([]);
  });

  it('the warning is stored on the activity, shown in the balance, and never blocks the end', async () => {
    const id = nextUser++;
    const ended = await shift(id, 12, day, '08:00', '14:01');
    expect(ended.current).toBeNull();
    expect(ended.ended?.warnings.map((w) => w.rule)).toEqual(['break']);
    const [row] = await ds.query(`SELECT warnings FROM time_tracking.working_activity WHERE "userId" = $1`, [id]);
    expect(row.warnings).toEqual(ended.ended?.warnings);
    const [balance] = await balances.balances(ADMIN, { user: String(id), from: day, to: day });
    expect(balance.days.find((d) => d.date === day)?.warnings.map((w) => w.rule)).toEqual(['break']);
  });

  it("days are the branch's: a shift from 23:30 in London is that London day, the next one in Vienna", async () => {
    const id = nextUser++;
    const ended = await shift(id, 13, day, '23:30', '23:59');
    expect(ended.ended).toMatchObject({ netMinutes: 29 });
    const [london] = await balances.balances(ADMIN, { branch: '13', from: day, to: addDays(day, 1) });
    expect(london.days.find((d) => d.workedMinutes > 0)?.date).toBe(day);
    // the same instants at a Vienna branch of the same division belong to the next local day there
    const [row] = await ds.query(`SELECT start FROM time_tracking.working_activity WHERE "userId" = $1`, [id]);
    expect(localDate(row.start as Date, 'Europe/Vienna')).toBe(addDays(day, 1));
  });

  it('activities written through the CRUD are judged by their branch too', async () => {
    const crud = new CrudService(
      workingActivityCrud((b) => context.forBranch(b), 'Europe/Vienna'),
      ds,
      relay,
    );
    const at = (hhmm: string) =>
      zonedInstant(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Europe/Vienna').toISOString();
    const body = (branch: number, user: number) => ({
      user,
      branch,
      start: at('07:00'),
      end: at('16:31'),
      pauses: [{ start: at('12:00'), end: at('12:30') }],
    });
    const de = (await crud.create(ADMIN, { body: body(12, nextUser++) })) as { warnings: Array<{ rule: string }> };
    const at_ = (await crud.create(ADMIN, { body: body(11, nextUser++) })) as { warnings: unknown[] };
    expect(de.warnings.map((w) => w.rule)).toEqual(['break']);
    expect(at_.warnings).toEqual([]);
  });
});
