import type { Actor } from '@shop/contracts';
import { addDays, localDate } from '@shop/domain';
import { CrudService, dataSourceOptions, migrate, type DomainException } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { BalanceService } from '../balances/balance.service.js';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { ClockService } from '../clock/clock.service.js';
import type { ClockUser } from '../terminal/clock-user.js';
import { ClockRepository } from '../clock/clock.repository.js';
import type { TimeTrackingConfig } from '../config/time-tracking-config.js';
import { timeTrackingCrudControllers } from '../crud.providers.js';
import { timeTrackingDatabase } from '../database/data-source.js';
import { TimeSheetExportService } from '../exports/time-sheet-export.service.js';
import { projectCrud, taskCrud } from '../projects/project.crud.js';
import { workingScheduleCrud } from '../schedules/working-schedule.crud.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { TerminalService } from '../terminal/terminal.service.js';

/**
 * Issue 19, item 3 (real Postgres, committed migrations): the branch manager (ROLE_BRANCH_MANAGER with
 * ROLE_EMPLOYEE) manages the branches of their list, through requireAccess's permission `manage`: the team sheet
 * and its exports, the planner's schedules, projects and tasks, and the access codes of their staff; another
 * branch is a German 403. Administrators and employees keep their rights. The staff branch lists stand for
 * identity's answers (`identity.user.me`), the branches' places for the catalogue's.
 */
describe('branch managers in time tracking (issue 19)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let clock: ClockService;
  let balances: BalanceService;
  let exports: TimeSheetExportService;
  let terminals: TerminalService;
  let projects: CrudService<never, never>;
  let schedules: CrudService<never, never>;
  let tasks: {
    create(m: unknown): Promise<unknown>;
    update(m: unknown): Promise<unknown>;
    delete(m: unknown): Promise<unknown>;
  };
  const relay = { kick: () => Promise.resolve() };
  const OWN = 21;
  const OTHER = 22;
  const ADMIN: Actor = { id: 700, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
  const MANAGER: Actor = {
    id: 701,
    username: 'leitung',
    roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'],
    branches: [OWN],
  };
  const EMPLOYEE: Actor = { id: 702, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [OWN] };
  const ELSEWHERE = 703; // an employee of the other branch only
  const BOTH = 704; // an employee of both branches
  const STAFF: Record<number, number[]> = {
    [MANAGER.id]: [OWN],
    [EMPLOYEE.id]: [OWN],
    [ELSEWHERE]: [OTHER],
    [BOTH]: [OWN, OTHER],
  };
  const refusal = async (call: () => Promise<unknown>) => {
    const err = (await Promise.resolve()
      .then(call)
      .then(
        () => null,
        (e: unknown) => e,
      )) as DomainException | null;
    return err && { code: err.code, message: err.message };
  };
  const otherBranch = { code: 'FORBIDDEN', message: 'Sie haben keinen Zugriff auf diese Filiale.' };
  const noRights = { code: 'FORBIDDEN', message: 'Keine Rechte, um die Ressource anzufragen.' };
  const ownOnly = { code: 'FORBIDDEN', message: 'Sie können nur Ihre eigenen Aktivitäten sehen und ändern.' };
  const day = addDays(localDate(new Date(), 'Europe/Vienna'), -2);
  const month = day.slice(0, 7);

  beforeAll(async () => {
    db = await createTestDatabase('branchmanager');
    await migrate(timeTrackingDatabase(db.url));
    ds = await new DataSource(
      dataSourceOptions({ ...timeTrackingDatabase(db.url), migrations: [], poolSize: 4 }),
    ).initialize();
    const context = new WorkingTimeContext(ds, { ruleSet: 'AT', timeZone: 'Europe/Vienna' }, async () => ({
      division: 1,
      timeZone: 'Europe/Vienna',
    }));
    clock = new ClockService(ds, relay, context, new ClockRepository(ds));
    balances = new BalanceService(ds, context);
    exports = new TimeSheetExportService(ds, context, balances, {
      user: async (id) => `Person ${id}`,
      branch: async (id) => `Filiale ${id}`,
    });
    const config = {
      SERVICE_SECRET: 'branch-manager-test-secret-0123456789',
      ACCESS_TOKEN_MAX_ATTEMPTS: 5,
      ACCESS_TOKEN_LOCK_MINUTES: 15,
    } as TimeTrackingConfig;
    // identity's answers: the administrator anywhere, the staff with their branches, anyone else unknown
    terminals = new TerminalService(
      ds,
      config,
      async (id) => STAFF[id] ?? null,
      async (id) =>
        id === ADMIN.id
          ? { roles: ['ROLE_ADMIN'], branches: [] }
          : STAFF[id]
            ? { roles: ['ROLE_EMPLOYEE'], branches: STAFF[id] }
            : null,
    );
    projects = new CrudService(projectCrud, ds, relay) as unknown as CrudService<never, never>;
    schedules = new CrudService(workingScheduleCrud('Europe/Vienna'), ds, relay) as unknown as CrudService<
      never,
      never
    >;
    // the tasks' NATS controller as the module registers it (the branch check before the standard verbs)
    const Tasks = timeTrackingCrudControllers.find((c) => c.name.startsWith('TasksCrudController')) as new (
      ...args: unknown[]
    ) => typeof tasks;
    tasks = new Tasks(new CrudService(taskCrud, ds, relay), ds);
    // a worked day at each branch
    for (const [id, branch] of [
      [EMPLOYEE.id, OWN],
      [ELSEWHERE, OTHER],
    ] as const) {
      const user: ClockUser = { id, username: `u${id}`, terminalBranch: branch, actor: null };
      await clock.act(user, 'start', { at: `${day}T07:00:00.000Z` });
      await clock.act(user, 'end', { at: `${day}T15:00:00.000Z` });
    }
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('team sheet: balances and exports of their own branch, a German 403 for another; employees unchanged', async () => {
    const own = await balances.balances(MANAGER, { branch: String(OWN), from: day, to: day });
    expect(own.map((b) => b.user)).toEqual([EMPLOYEE.id]);
    expect(await refusal(() => balances.balances(MANAGER, { branch: String(OTHER) }))).toEqual(otherBranch);
    expect(await refusal(() => balances.balances(MANAGER, { user: String(ELSEWHERE) }))).toEqual(ownOnly);
    const file = await exports.export(MANAGER, { month, branch: String(OWN), format: 'csv' });
    // the person's name as identity answers it (here: 'Person <id>'), the branch's as the catalogue does
    expect(Buffer.from(file.base64, 'base64').toString('utf8')).toContain(`;Person ${EMPLOYEE.id};Filiale ${OWN};`);
    expect(await refusal(() => exports.export(MANAGER, { month, branch: String(OTHER) }))).toEqual(otherBranch);
    expect(await refusal(() => balances.balances(EMPLOYEE, { branch: String(OWN) }))).toEqual(ownOnly);
    expect(await refusal(() => exports.export(EMPLOYEE, { month, branch: String(OWN) }))).toEqual(ownOnly);
    expect((await balances.balances(ADMIN, { branch: String(OTHER), from: day, to: day })).map((b) => b.user)).toEqual([
      ELSEWHERE,
    ]);
  });

  it('planner: schedules of their own branch are created, moved and deleted; another branch is refused', async () => {
    const shift = { user: EMPLOYEE.id, branch: OWN, date: day, start: '08:00', end: '16:30', breakMinutes: 30 };
    const created = (await schedules.create(MANAGER, { body: shift })) as { id: number };
    await schedules.update(MANAGER, { id: created.id, body: { ...shift, start: '09:00' } });
    expect(
      await refusal(() => schedules.update(MANAGER, { id: created.id, body: { ...shift, branch: OTHER } })),
    ).toEqual(otherBranch);
    expect(await refusal(() => schedules.create(MANAGER, { body: { ...shift, branch: OTHER } }))).toEqual(otherBranch);
    const foreign = (await schedules.create(ADMIN, { body: { ...shift, user: ELSEWHERE, branch: OTHER } })) as {
      id: number;
    };
    expect(await refusal(() => schedules.delete(MANAGER, { id: foreign.id }))).toMatchObject({ code: 'NOT_FOUND' });
    await schedules.delete(MANAGER, { id: created.id });
  });

  it("employees: their own activities only at their branches; another branch's schedules not readable", async () => {
    const activities = new CrudService(
      workingActivityCrud(async () => ({ ruleSet: 'AT', timeZone: 'Europe/Vienna' }), 'Europe/Vienna'),
      ds,
      relay,
    ) as unknown as CrudService<never, never>;
    const body = {
      user: EMPLOYEE.id,
      branch: OWN,
      kind: 'absence',
      start: `${day}T04:00:00.000Z`,
      end: `${day}T05:00:00.000Z`,
      pauses: [],
      project: null,
      task: null,
      note: null,
    };
    const own = (await activities.create(EMPLOYEE, { body })) as { id: number };
    expect(await refusal(() => activities.create(EMPLOYEE, { body: { ...body, branch: OTHER } }))).toEqual(otherBranch);
    expect(await refusal(() => activities.update(EMPLOYEE, { id: own.id, body: { ...body, branch: OTHER } }))).toEqual(
      otherBranch,
    );
    // an activity of theirs at another branch (entered by an administrator) they may not change or delete
    const there = (await activities.create(ADMIN, { body: { ...body, branch: OTHER } })) as { id: number };
    expect(await refusal(() => activities.update(EMPLOYEE, { id: there.id, body }))).toEqual(otherBranch);
    expect(await refusal(() => activities.delete(EMPLOYEE, { id: there.id }))).toEqual(otherBranch);
    await activities.delete(EMPLOYEE, { id: own.id });

    // schedules: their branch's are listed, another branch's neither listed nor read one by one
    const shift = { user: EMPLOYEE.id, branch: OWN, date: day, start: '08:00', end: '12:00', breakMinutes: 0 };
    const mine = (await schedules.create(ADMIN, { body: shift })) as { id: number };
    const foreign = (await schedules.create(ADMIN, {
      body: { ...shift, user: ELSEWHERE, branch: OTHER },
    })) as { id: number };
    const listed = async (query: Record<string, string>) =>
      (
        (await schedules.list(EMPLOYEE, { query: { from: day, to: day, ...query } })).items as Array<{ id: number }>
      ).map((x) => x.id);
    expect(await listed({})).toContain(mine.id);
    expect(await listed({})).not.toContain(foreign.id);
    expect(await listed({ branch: String(OTHER) })).toEqual([]);
    expect(await listed({ user: String(ELSEWHERE) })).toEqual([]);
    expect(await refusal(() => schedules.get(EMPLOYEE, { id: foreign.id }))).toMatchObject({ code: 'NOT_FOUND' });
    await schedules.delete(ADMIN, { id: mine.id });
    await schedules.delete(ADMIN, { id: foreign.id });
  });

  it('a terminal starts an activity only for an employee of its branch; administrators anywhere', async () => {
    const at = (id: number, branch: number): ClockUser => ({
      id,
      username: `u${id}`,
      terminalBranch: branch,
      actor: null,
    });
    await terminals.requireStartBranch(at(EMPLOYEE.id, OWN));
    await terminals.requireStartBranch(at(BOTH, OTHER));
    expect(await refusal(() => terminals.requireStartBranch(at(EMPLOYEE.id, OTHER)))).toEqual(otherBranch);
    expect(await refusal(() => terminals.requireStartBranch(at(ELSEWHERE, OWN)))).toEqual(otherBranch);
    await terminals.requireStartBranch(at(ADMIN.id, OTHER));
    // a holder identity no longer answers for (disabled, expired)
    expect(await refusal(() => terminals.requireStartBranch(at(999, OWN)))).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Benutzername oder Code ist ungültig.',
    });
  });

  it('projects: their branches written, another branch and the all-branch projects refused; employees read only', async () => {
    const own = (await projects.create(MANAGER, { body: { name: 'Inventur', branch: OWN } })) as { id: number };
    await projects.update(MANAGER, { id: own.id, body: { name: 'Inventur Q4', branch: OWN } });
    expect(await refusal(() => projects.update(MANAGER, { id: own.id, body: { name: 'x', branch: OTHER } }))).toEqual(
      otherBranch,
    );
    expect(await refusal(() => projects.create(MANAGER, { body: { name: 'Fremd', branch: OTHER } }))).toEqual(
      otherBranch,
    );
    expect(await refusal(() => projects.create(MANAGER, { body: { name: 'Alle', branch: null } }))).toEqual(
      otherBranch,
    );
    const foreign = (await projects.create(ADMIN, { body: { name: 'Umbau', branch: OTHER } })) as { id: number };
    expect(await refusal(() => projects.delete(MANAGER, { id: foreign.id }))).toEqual(otherBranch);
    expect(await refusal(() => projects.create(EMPLOYEE, { body: { name: 'x', branch: OWN } }))).toEqual(noRights);
    expect(await projects.get(EMPLOYEE, { id: own.id })).toMatchObject({ name: 'Inventur Q4' });
    await projects.delete(MANAGER, { id: own.id });
  });

  it("tasks: of their branches' projects written; another branch's project refused; employees refused", async () => {
    const own = (await projects.create(ADMIN, { body: { name: 'Schulung', branch: OWN } })) as { id: number };
    const foreign = (await projects.create(ADMIN, { body: { name: 'Audit', branch: OTHER } })) as { id: number };
    const msg = (actor: Actor, payload: unknown) => ({ actor, payload });
    const task = (await tasks.create(msg(MANAGER, { body: { project: own.id, name: 'Kassa' } }))) as { id: number };
    await tasks.update(msg(MANAGER, { id: task.id, body: { project: own.id, name: 'Kassa', status: 'done' } }));
    expect(
      await refusal(() => tasks.update(msg(MANAGER, { id: task.id, body: { project: foreign.id, name: 'Kassa' } }))),
    ).toEqual(otherBranch);
    expect(await refusal(() => tasks.create(msg(MANAGER, { body: { project: foreign.id, name: 'x' } })))).toEqual(
      otherBranch,
    );
    const foreignTask = (await tasks.create(msg(ADMIN, { body: { project: foreign.id, name: 'Prüfung' } }))) as {
      id: number;
    };
    expect(await refusal(() => tasks.delete(msg(MANAGER, { id: foreignTask.id })))).toEqual(otherBranch);
    expect(await refusal(() => tasks.create(msg(EMPLOYEE, { body: { project: own.id, name: 'x' } })))).toEqual(
      noRights,
    );
    expect(await refusal(() => tasks.create(msg(MANAGER, { body: { project: 999999, name: 'x' } })))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await tasks.delete(msg(MANAGER, { id: task.id }));
  });

  it('access codes: for the staff of their branches only; listed and revoked likewise; employees refused', async () => {
    const issued = await terminals.issueToken(MANAGER, { user: EMPLOYEE.id, username: 'emp' });
    expect(issued.token).toMatch(/^\d{8}$/);
    expect(await refusal(() => terminals.issueToken(MANAGER, { user: ELSEWHERE, username: 'u703' }))).toEqual(
      otherBranch,
    );
    // a code clocks at every branch of its holder: staff of a branch they do not manage too is refused
    expect(await refusal(() => terminals.issueToken(MANAGER, { user: BOTH, username: 'u704' }))).toEqual(otherBranch);
    const foreign = await terminals.issueToken(ADMIN, { user: ELSEWHERE, username: 'u703' });
    expect((await terminals.listTokens(MANAGER)).map((t) => t.user)).toEqual([EMPLOYEE.id]);
    expect(await refusal(() => terminals.listTokens(MANAGER, ELSEWHERE))).toEqual(otherBranch);
    expect(await refusal(() => terminals.revokeToken(MANAGER, foreign.id))).toEqual(otherBranch);
    expect((await terminals.revokeToken(MANAGER, issued.id)).revokedAt).not.toBeNull();
    expect(await refusal(() => terminals.issueToken(EMPLOYEE, { user: EMPLOYEE.id, username: 'emp' }))).toEqual(
      noRights,
    );
    expect(await refusal(() => terminals.listTokens(EMPLOYEE))).toEqual(noRights);
    expect((await terminals.listTokens(ADMIN)).map((t) => t.user).sort()).toEqual([EMPLOYEE.id, ELSEWHERE]);
  });
});
