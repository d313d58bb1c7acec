import { addDays, localDate, zonedInstant } from '@shop/domain';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * Issue 19, time tracking through the gateway on the real stack: the clock's state machine (every allowed and
 * refused transition), one open activity per user under concurrent starts, the access rules of the CRUD resources,
 * the branch terminal (device key, personal codes, lockout, revocation, offline events once at their device time),
 * balances, exports read back by the library that wrote them, and the events in the outbox.
 */
const EXPORT_HEADER = [
  'Datum',
  'Mitarbeiter',
  'Filiale',
  'Art',
  'Beginn',
  'Ende',
  'Pausen (min)',
  'Netto (min)',
  'Netto',
  'Hinweise',
  'Geplant (min)',
  'Saldo (min)',
];

describe('time tracking (issue 19)', () => {
  let stack: Stack;
  let admin: StaffClient;
  let employee: StaffClient;
  let branch: number;
  let branchIds: number[];
  let ds: DataSource;

  beforeAll(async () => {
    stack = await startStack('time-tracking');
    branchIds = Object.values((await stack.seed()).branchIds);
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
    branch = employee.user.branches[0].id;
    ds = stack.timeTracking.get(DataSource);
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
  }, STACK_CLOSE_MS);

  const act = (who: StaffClient, action: string, body: object = {}) =>
    who.post(`/api/time-tracking/working-activities/${action}`, body);

  // first: the administrator clocks a shift three days back with device times, before any activity of theirs
  it("the law rule set is the branch's division's: German rules judge the end, the CRUD and the balance", async () => {
    const division = (await admin.get(`/api/branches/${branch}`).expect(200)).body.data.division?.id;
    expect(division).toEqual(expect.any(Number));
    await employee.post('/api/working-time-settings', { division, ruleSet: 'DE' }).expect(403);
    expect(
      (await admin.post('/api/working-time-settings', { division, ruleSet: 'CH' }).expect(422)).body.errors,
    ).toEqual([{ field: 'ruleSet', message: 'Der gewählte Wert ist ungültig.' }]);
    const setting = (await admin.post('/api/working-time-settings', { division, ruleSet: 'DE' }).expect(201)).body.data;
    expect(
      (await admin.post('/api/working-time-settings', { division, ruleSet: 'AT' }).expect(409)).body.errors[0],
    ).toMatchObject({ field: 'division' });
    expect((await employee.get(`/api/working-time-settings?division=${division}`).expect(200)).body.data).toEqual([
      expect.objectContaining({ division, ruleSet: 'DE' }),
    ]);

    // 07:00–16:31 with 30 minutes is 9 h 01 min net: the German rules want 45 minutes; the end is not blocked
    const day = addDays(localDate(new Date(), 'Europe/Vienna'), -3);
    const at = (d: string, hhmm: string) =>
      zonedInstant(d, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Europe/Vienna').toISOString();
    await act(admin, 'start', { branch, at: at(day, '07:00') }).expect(200);
    await act(admin, 'pause', { at: at(day, '12:00') }).expect(200);
    await act(admin, 'resume', { at: at(day, '12:30') }).expect(200);
    const ended = (await act(admin, 'end', { at: at(day, '16:31') }).expect(200)).body.data;
    expect(ended.current).toBeNull();
    expect(ended.ended.warnings).toEqual([
      {
        rule: 'break',
        date: day,
        source: '§ 4 ArbZG',
        message:
          'Bei 9 h 1 min Arbeitszeit ist eine Pause von mindestens 45 Minuten vorgeschrieben (30 Minuten genommen).',
      },
    ]);
    const [sheet] = (
      await admin.get(`/api/time-sheets/balances?user=${admin.user.id}&from=${day}&to=${day}`).expect(200)
    ).body.data;
    expect(sheet.days[0].warnings.map((w: { rule: string }) => w.rule)).toEqual(['break']);

    // 07:43–16:44 with 30 minutes is 8 h 31 min net: no warning under the German rules (net of breaks)
    const other = '2026-05-12';
    const shift = {
      user: admin.user.id,
      branch,
      start: at(other, '07:43'),
      end: at(other, '16:44'),
      pauses: [{ start: at(other, '12:00'), end: at(other, '12:30') }],
    };
    const fine = (await admin.post('/api/working-activities', shift).expect(201)).body.data;
    expect(fine).toMatchObject({ netMinutes: 511, warnings: [] });
    // 10 h 01 min net: over the German daily maximum, not over the Austrian one
    const long = {
      ...shift,
      start: at(other, '06:00'),
      end: at(other, '16:46'),
      pauses: [{ start: at(other, '12:00'), end: at(other, '12:45') }],
    };
    const de = (await admin.put(`/api/working-activities/${fine.id}`, long).expect(200)).body.data;
    expect(de.warnings.map((w: { source: string }) => w.source)).toEqual(['§ 3 ArbZG']);
    await admin.put(`/api/working-time-settings/${setting.id}`, { division, ruleSet: 'AT' }).expect(200);
    expect((await admin.put(`/api/working-activities/${fine.id}`, long).expect(200)).body.data.warnings).toEqual([]);

    await admin.delete(`/api/working-activities/${fine.id}`).expect(200);
    await admin.delete(`/api/working-time-settings/${setting.id}`).expect(200);
  });

  it('§4 state machine: start, pause, resume, end and every refused transition (409, German reason)', async () => {
    expect((await employee.get('/api/time-tracking/me').expect(200)).body.data.current).toBeNull();
    for (const [action, message] of [
      ['pause', 'Es läuft keine Aktivität, die pausiert werden könnte.'],
      ['resume', 'Es gibt keine pausierte Aktivität, die fortgesetzt werden könnte.'],
      ['end', 'Es läuft keine Aktivität, die beendet werden könnte.'],
    ])
      expect((await act(employee, action).expect(409)).body.message).toBe(message);

    const started = (await act(employee, 'start', { branch }).expect(200)).body.data;
    expect(started.current).toMatchObject({ state: 'running', branch, user: employee.user.id, kind: 'work' });
    expect((await act(employee, 'start', { branch }).expect(409)).body.message).toBe(
      'Es läuft bereits eine Aktivität. Bitte beenden Sie sie zuerst.',
    );
    expect((await act(employee, 'resume').expect(409)).body.message).toBe(
      'Die Aktivität ist nicht pausiert und kann daher nicht fortgesetzt werden.',
    );
    expect((await act(employee, 'pause').expect(200)).body.data.current.state).toBe('paused');
    await act(employee, 'pause').expect(409);
    await act(employee, 'start', { branch }).expect(409);
    expect((await act(employee, 'resume').expect(200)).body.data.current.state).toBe('running');
    const ended = (await act(employee, 'end').expect(200)).body.data;
    expect(ended.current).toBeNull();
    expect(ended.ended).toMatchObject({ state: 'ended', id: started.current.id, warnings: [] });
    expect(ended.ended.pauses).toHaveLength(1);
    await act(employee, 'end').expect(409);
    // an employee starts only at their own branches
    // (seeding again would update the users, which ends their sessions)
    const other = branchIds.find((id) => id !== branch)!;
    expect((await act(employee, 'start', { branch: other }).expect(403)).body.message).toBe(
      'Sie haben keinen Zugriff auf diese Filiale.',
    );
  });

  it('two starts of the same user at once make one activity (database constraint)', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => act(admin, 'start', { branch })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [{ count }] = await ds.query(
      `SELECT count(*)::int AS count FROM time_tracking.working_activity WHERE "userId" = $1 AND "end" IS NULL`,
      [admin.user.id],
    );
    expect(count).toBe(1);
    await act(admin, 'end').expect(200);
  });

  it('CRUD: employees see and change only their own activities, with German field errors', async () => {
    const body = {
      user: employee.user.id,
      branch,
      kind: 'holiday',
      start: '2026-02-02T08:00:00+01:00',
      end: '2026-02-02T16:00:00+01:00',
    };
    const own = (await employee.post('/api/working-activities', body).expect(201)).body.data;
    expect(own).toMatchObject({ kind: 'holiday', user: employee.user.id });
    expect(
      (await employee.post('/api/working-activities', { ...body, user: admin.user.id }).expect(403)).body.message,
    ).toBe('Sie können nur Ihre eigenen Aktivitäten sehen und ändern.');
    const bad = await employee
      .post('/api/working-activities', { ...body, end: '2026-02-02T07:00:00+01:00' })
      .expect(422);
    expect(bad.body.errors).toContainEqual({ field: 'end', message: 'Das Ende darf nicht vor dem Beginn liegen.' });
    // only at their own branches, like the clock's start
    const other = branchIds.find((id) => !employee.user.branches.some((b) => b.id === id))!;
    expect((await employee.post('/api/working-activities', { ...body, branch: other }).expect(403)).body.message).toBe(
      'Sie haben keinen Zugriff auf diese Filiale.',
    );
    expect(
      (await employee.put(`/api/working-activities/${own.id}`, { ...body, branch: other }).expect(403)).body.message,
    ).toBe('Sie haben keinen Zugriff auf diese Filiale.');
    const adminOwn = (await admin.post('/api/working-activities', { ...body, user: admin.user.id }).expect(201)).body
      .data;
    await employee.get(`/api/working-activities/${adminOwn.id}`).expect(404);
    await employee.put(`/api/working-activities/${adminOwn.id}`, { ...body }).expect(404);
    // filters: the employee's list holds only their own rows, an admin's filtered by user too
    const listed = (await employee.get('/api/working-activities?from=2026-02-01&to=2026-02-28').expect(200)).body;
    expect(listed.data.map((a: { id: number }) => a.id)).toEqual([own.id]);
    const byAdmin = (await admin.get(`/api/working-activities?user=${admin.user.id}&from=2026-02-01&to=2026-02-28`))
      .body;
    expect(byAdmin.data.map((a: { id: number }) => a.id)).toEqual([adminOwn.id]);
    // without filters: the logged-in user's current month (February 2026 is not it)
    const current = (await employee.get('/api/working-activities').expect(200)).body.data;
    expect(current.every((a: { user: number }) => a.user === employee.user.id)).toBe(true);
    expect(current.some((a: { id: number }) => a.id === own.id)).toBe(false);
    // projects and tasks: administrators write, staff read
    await employee.post('/api/projects', { name: 'Umbau' }).expect(403);
    const project = (await admin.post('/api/projects', { name: 'Umbau' }).expect(201)).body.data;
    const task = (
      await admin.post('/api/tasks', { project: project.id, name: 'Küche', assignees: [employee.user.id] }).expect(201)
    ).body.data;
    expect((await employee.get(`/api/tasks?assignee=${employee.user.id}`).expect(200)).body.data).toEqual([task]);
    expect((await admin.post('/api/tasks', { project: 999999, name: 'x' }).expect(422)).body.errors[0].field).toBe(
      'project',
    );
  });

  it("schedules: an employee reads their branches' shifts, not another branch's", async () => {
    const other = branchIds.find((id) => !employee.user.branches.some((b) => b.id === id))!;
    const shift = { date: '2026-04-07', start: '08:00', end: '12:00', breakMinutes: 0 };
    const there = (
      await admin.post('/api/working-schedules', { ...shift, user: admin.user.id, branch: other }).expect(201)
    ).body.data;
    const here = (await admin.post('/api/working-schedules', { ...shift, user: employee.user.id, branch }).expect(201))
      .body.data;
    const listed = async (query: string) =>
      (
        (await employee.get(`/api/working-schedules?from=2026-04-07&to=2026-04-07${query}`).expect(200)).body
          .data as Array<{ id: number }>
      ).map((x) => x.id);
    expect(await listed('')).toEqual([here.id]);
    expect(await listed(`&branch=${other}`)).toEqual([]);
    expect(await listed(`&user=${admin.user.id}`)).toEqual([]);
    await employee.get(`/api/working-schedules/${there.id}`).expect(404);
    await employee.get(`/api/working-schedules/${here.id}`).expect(200);
    await admin.delete(`/api/working-schedules/${there.id}`).expect(200);
    await admin.delete(`/api/working-schedules/${here.id}`).expect(200);
  });

  describe('branch terminal', () => {
    let key: string;
    let code: string;
    let adminCode: string;
    // the device key in its header, never in the URL (issue 37, item 7)
    const term = (path: string, username: string, token: string, k = key, b = branch) => ({
      get: () =>
        request(stack.baseUrl)
          .get(`/api/time-tracking/${b}/${path}`)
          .set('x-time-tracking-device-key', k)
          .set('x-time-tracking-user', username)
          .set('x-time-tracking-token', token),
      post: (body: object = {}) =>
        request(stack.baseUrl)
          .post(`/api/time-tracking/${b}/${path}`)
          .set('x-time-tracking-device-key', k)
          .set('x-time-tracking-user', username)
          .set('x-time-tracking-token', token)
          .send(body),
    });

    beforeAll(async () => {
      await employee.post('/api/time-tracking/time-clocks', { branch, name: 'Eingang' }).expect(403);
      key = (await admin.post('/api/time-tracking/time-clocks', { branch, name: 'Eingang' }).expect(201)).body.data.key;
      await employee.post('/api/time-tracking/access-tokens', { user: 1, username: 'x' }).expect(403);
      const issued = (
        await admin
          .post('/api/time-tracking/access-tokens', { user: employee.user.id, username: EMPLOYEE.username })
          .expect(201)
      ).body.data;
      code = issued.token;
      expect(code).toMatch(/^\d{8}$/);
      // shown once: the list never has it
      const list = (await admin.get('/api/time-tracking/access-tokens').expect(200)).body.data;
      expect(JSON.stringify(list)).not.toContain(code);
      adminCode = (
        await admin
          .post('/api/time-tracking/access-tokens', { user: admin.user.id, username: ADMIN.username })
          .expect(201)
      ).body.data.token;
    });

    it('wrong device key 404, wrong code 401, right code answers the employee', async () => {
      await term('me', EMPLOYEE.username, code, 'wrong-key').get().expect(404);
      await term('me', EMPLOYEE.username, code, key, branch + 1000)
        .get()
        .expect(404);
      expect((await term('me', EMPLOYEE.username, '00000000').get().expect(401)).body.message).toBe(
        'Benutzername oder Code ist ungültig.',
      );
      const me = (await term('me', EMPLOYEE.username, code).get().expect(200)).body.data;
      expect(me).toEqual({ user: { id: employee.user.id, username: EMPLOYEE.username }, current: null });
    });

    it('takes the device key from its header only: in the path, or missing, the terminal is unknown (404)', async () => {
      const unknown = (await term('me', EMPLOYEE.username, code, '').get().expect(404)).body.message;
      expect(unknown).toBe((await term('me', EMPLOYEE.username, code, 'wrong-key').get().expect(404)).body.message);
      const inPath = (url: string) =>
        request(stack.baseUrl)
          .get(url)
          .set('x-time-tracking-device-key', key)
          .set('x-time-tracking-user', EMPLOYEE.username)
          .set('x-time-tracking-token', code);
      for (const url of [`/api/time-tracking/${branch}/${key}/me`, `/api/time-tracking/${branch}/${key}/balances`])
        expect((await inPath(url).expect(404)).body.message).toBe('Die angeforderte Adresse existiert nicht.');
      await request(stack.baseUrl)
        .post(`/api/time-tracking/${branch}/${key}/working-activities/start`)
        .set('x-time-tracking-user', EMPLOYEE.username)
        .set('x-time-tracking-token', code)
        .send({})
        .expect(404);
    });

    it('offline events are applied once, in order, at their device time', async () => {
      // the state-machine test's activity ended moments ago; a start 3 hours back would overlap it (422)
      await ds.query(`DELETE FROM time_tracking.working_activity WHERE "userId" = $1 AND kind = 'work'`, [
        employee.user.id,
      ]);
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      const events = [
        ['start', 'offline-start-1', at(180)],
        ['pause', 'offline-pause-1', at(120)],
        ['resume', 'offline-resume-1', at(90)],
      ] as const;
      for (const [action, idempotencyKey, time] of events)
        await term(`working-activities/${action}`, EMPLOYEE.username, code)
          .post({ at: time, idempotencyKey })
          .expect(200);
      // the terminal did not hear the answers and sends the queue again: nothing changes
      for (const [action, idempotencyKey, time] of events)
        await term(`working-activities/${action}`, EMPLOYEE.username, code)
          .post({ at: time, idempotencyKey })
          .expect(200);
      const end = (
        await term('working-activities/end', EMPLOYEE.username, code)
          .post({ at: at(0), idempotencyKey: 'offline-end-1' })
          .expect(200)
      ).body.data;
      expect(end.ended.start).toBe(at(180));
      expect(end.ended.pauses).toEqual([{ start: at(120), end: at(90) }]);
      expect(end.ended.netMinutes).toBe(150);
      await term('working-activities/end', EMPLOYEE.username, code)
        .post({ at: at(0), idempotencyKey: 'offline-end-1' })
        .expect(200);
      const [{ count }] = await ds.query(
        `SELECT count(*)::int AS count FROM time_tracking.working_activity WHERE "userId" = $1 AND start = $2`,
        [employee.user.id, at(180)],
      );
      expect(count).toBe(1);
      const mine = (await term('working-activities', EMPLOYEE.username, code).get().expect(200)).body.data;
      expect(mine.filter((a: { id: number }) => a.id === end.ended.id)).toHaveLength(1);
      expect((await term('balances', EMPLOYEE.username, code).get().expect(200)).body.data[0].user).toBe(
        employee.user.id,
      );
    });

    it('5 wrong codes lock the username for 15 minutes; a revoked code is refused', async () => {
      for (let i = 0; i < 5; i++) await term('me', ADMIN.username, 'wrong').get().expect(401);
      const locked = await term('me', ADMIN.username, adminCode).get().expect(429);
      expect(locked.body.message).toBe(
        'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 15 Minuten noch einmal.',
      );
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      const tokens = (await admin.get(`/api/time-tracking/access-tokens?user=${employee.user.id}`).expect(200)).body
        .data;
      await admin.post(`/api/time-tracking/access-tokens/${tokens[0].id}/revoke`).expect(200);
      await term('me', EMPLOYEE.username, code).get().expect(401);
    });
  });

  it('balances, holiday balances and the events of the clock', async () => {
    await admin
      .post('/api/working-schedules', {
        user: admin.user.id,
        branch,
        date: '2026-03-02',
        start: '08:00',
        end: '16:30',
        breakMinutes: 30,
      })
      .expect(201);
    await admin
      .post('/api/working-activities', {
        user: admin.user.id,
        branch,
        start: '2026-03-02T08:00:00+01:00',
        end: '2026-03-02T17:30:00+01:00',
        pauses: [{ start: '2026-03-02T12:00:00+01:00', end: '2026-03-02T12:30:00+01:00' }],
      })
      .expect(201);
    const [b] = (await admin.get('/api/time-sheets/balances?from=2026-03-01&to=2026-03-31').expect(200)).body.data;
    expect(b).toMatchObject({ user: admin.user.id, plannedMinutes: 480, workedMinutes: 540, overtimeMinutes: 60 });
    await employee.get(`/api/time-sheets/balances?user=${admin.user.id}`).expect(403);
    await admin
      .put('/api/time-sheets/holiday-entitlements', {
        user: employee.user.id,
        year: 2026,
        daysPerYear: 25,
        carryOverDays: 2,
        carryOverExpires: '2026-03-31',
      })
      .expect(200);
    const [h] = (await employee.get('/api/time-sheets/holiday-balances?year=2026').expect(200)).body.data;
    expect(h).toMatchObject({ user: employee.user.id, entitlementDays: 25, carryOverDays: 2, takenDays: 1 });
    const subjects: Array<{ subject: string }> = await ds.query(`SELECT subject FROM time_tracking.outbox`);
    const names = new Set(subjects.map((s) => s.subject));
    for (const e of ['started', 'paused', 'resumed', 'ended'])
      expect(names).toContain(`time-tracking.working-activity.${e}`);
    expect(names).toContain('time-tracking.working-schedule.created');
  });

  it('exports a month as CSV and XLSX, readable by the library that wrote them', async () => {
    const xlsx = await admin
      .get(`/api/time-sheets/export?month=2026-03&user=${admin.user.id}&format=xlsx`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.body as Buffer).buffer as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Datum');
    // names, not ids: the person's display name (identity) and the branch's name (catalogue), asked over the bus
    const person = (await admin.get(`/api/users/${admin.user.id}`).expect(200)).body.data.displayName as string;
    const branchName = (await admin.get(`/api/branches/${branch}`).expect(200)).body.data.name as string;
    expect(person).not.toBe('');
    // exceljs' row values start at index 1
    const cells = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(cells(1)).toEqual(EXPORT_HEADER);
    // 08:00-17:30 with 30 minutes of pause against a planned 08:00-16:30 with 30: 540 worked, 480 planned, +60
    expect(cells(2)).toEqual([
      '2026-03-02',
      person,
      branchName,
      'Arbeit',
      '08:00',
      '17:30',
      30,
      540,
      '9 h',
      '',
      480,
      60,
    ]);
    const csv = await admin.get(`/api/time-sheets/export?month=2026-03&user=${admin.user.id}&format=csv`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const { Readable } = await import('node:stream');
    const read = await new ExcelJS.Workbook().csv.read(Readable.from([csv.text.replace(/^\uFEFF/, '')]), {
      parserOptions: { delimiter: ';' },
    });
    expect(csv.text).toContain('2026-03-02;');
    // exceljs reads the day back as a date
    expect((read.getRow(2).getCell(1).value as Date).toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(read.getRow(2).getCell(8).value).toBe(540);
    expect([read.getRow(2).getCell(2).value, read.getRow(2).getCell(3).value]).toEqual([person, branchName]);
    await employee.get(`/api/time-sheets/export?month=2026-03&user=${admin.user.id}`).expect(403);
    expect((await admin.get('/api/time-sheets/export?month=März').expect(422)).body.errors[0].field).toBe('month');
  });
});
