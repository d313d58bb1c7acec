import { addDays, localDate, zonedInstant } from '@shop/domain';
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

const at = (date: string, hhmm: string) =>
  zonedInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Europe/Vienna').toISOString();
const binary = (res: { on(e: string, f: (c?: Buffer) => void): void }, cb: (e: null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c as Buffer));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/**
 * Issue 41 (time tracking, items 4–8) through the gateway on the real stack, as a manager's month: a forgotten
 * clock-out the employee asks to correct and the manager approves, a missing day the manager adds, the audit trail
 * on the activity, an overnight shift said by a flag, a vacation week with Easter Monday (four days taken), the
 * month closed after its export (changes refused in German, the export the same bytes), reopened with a reason.
 */
describe('time tracking: a manager’s month (issue 41)', () => {
  let stack: Stack;
  let admin: StaffClient;
  let employee: StaffClient;
  let manager: StaffClient;
  let branch: number;
  const today = localDate(new Date(), 'Europe/Vienna');
  const day = addDays(today, -2);

  beforeAll(async () => {
    stack = await startStack('time-tracking-month');
    await stack.seed();
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
    branch = employee.user.branches[0].id;
    const password = 'Filialleitung-2026!';
    await admin
      .post('/api/users', {
        username: 'monatsleitung',
        password,
        roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'],
        branches: [{ id: branch }],
      })
      .expect(201);
    manager = await login(stack, { username: 'monatsleitung', password });
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('a forgotten clock-out: the employee asks, the manager approves; the trail is on the activity', async () => {
    // clocked in two days ago (the terminal's queued event) and never out
    const started = await employee
      .post('/api/time-tracking/working-activities/start', { branch, at: at(day, '08:00') })
      .expect(200);
    const id: number = started.body.data.current.id;
    const fixed = {
      user: employee.user.id,
      branch,
      kind: 'work',
      start: at(day, '08:00'),
      end: at(day, '16:30'),
      pauses: [{ start: at(day, '12:00'), end: at(day, '12:30') }],
    };
    // what the clock recorded the employee does not change themselves
    expect((await employee.put(`/api/working-activities/${id}`, fixed).expect(403)).body.message).toBe(
      'Diese Aktivität wurde von der Stempeluhr oder durch eine Korrektur erfasst. Bitte beantragen Sie eine Korrektur.',
    );
    expect(
      (
        await employee
          .post('/api/time-tracking/correction-requests', { action: 'update', activity: id, ...fixed })
          .expect(422)
      ).body.errors,
    ).toEqual([{ field: 'reason', message: 'Dieser Wert sollte nicht leer sein.' }]);
    const asked = (
      await employee
        .post('/api/time-tracking/correction-requests', {
          action: 'update',
          activity: id,
          ...fixed,
          reason: 'Ausstempeln vergessen',
        })
        .expect(201)
    ).body.data;
    expect(asked).toMatchObject({ status: 'pending', activity: id, requestedBy: { id: employee.user.id } });
    await employee.post(`/api/time-tracking/correction-requests/${asked.id}/approve`, {}).expect(403);
    const pending = (await manager.get('/api/time-tracking/correction-requests?status=pending').expect(200)).body;
    expect(pending.data.map((r: { id: number }) => r.id)).toEqual([asked.id]);
    expect(pending.meta).toMatchObject({ total: 1 });
    const approved = (
      await manager.post(`/api/time-tracking/correction-requests/${asked.id}/approve`, { note: 'passt' }).expect(200)
    ).body.data;
    expect(approved).toMatchObject({ status: 'approved', decidedBy: { id: manager.user.id }, decisionNote: 'passt' });
    // the activity, with its trail, as the list screen reads it
    const activity = (await manager.get(`/api/working-activities/${id}`).expect(200)).body.data;
    expect(activity).toMatchObject({ state: 'ended', netMinutes: 480, source: 'correction' });
    expect(activity.changes).toEqual([
      expect.objectContaining({
        action: 'updated',
        by: { id: manager.user.id, username: 'monatsleitung' },
        reason: 'Ausstempeln vergessen',
        request: asked.id,
        before: expect.objectContaining({ end: null }),
        after: expect.objectContaining({ end: new Date(at(day, '16:30')).toISOString() }),
      }),
    ]);
    expect((await employee.get(`/api/working-activities/${id}/changes`).expect(200)).body.data).toHaveLength(1);
    // the balance follows at once
    const [sheet] = (await manager.get(`/api/time-sheets/balances?branch=${branch}&from=${day}&to=${day}`).expect(200))
      .body.data;
    expect(sheet).toMatchObject({ user: employee.user.id, workedMinutes: 480 });
  });

  it('a missing day added by the manager with a reason; the list filters by user, branch and period', async () => {
    const missing = addDays(today, -3);
    const body = {
      action: 'create',
      user: employee.user.id,
      branch,
      kind: 'work',
      start: at(missing, '09:00'),
      end: at(missing, '13:00'),
    };
    expect((await manager.post('/api/time-tracking/corrections', body).expect(422)).body.errors[0].field).toBe(
      'reason',
    );
    await employee.post('/api/time-tracking/corrections', { ...body, reason: 'x' }).expect(403);
    const { activity, change } = (
      await manager.post('/api/time-tracking/corrections', { ...body, reason: 'Terminal defekt' }).expect(200)
    ).body.data;
    expect(activity).toMatchObject({ netMinutes: 240, source: 'correction' });
    expect(change).toMatchObject({ action: 'created', reason: 'Terminal defekt', by: { id: manager.user.id } });
    const listed = (
      await manager
        .get(`/api/working-activities?user=${employee.user.id}&branch=${branch}&from=${missing}&to=${missing}`)
        .expect(200)
    ).body.data;
    expect(listed.map((a: { id: number }) => a.id)).toEqual([activity.id]);
    expect(listed[0].changes).toHaveLength(1);
  });

  it('an end before the start is the next day only when the input says so', async () => {
    const shift = { user: employee.user.id, branch, date: '2026-05-12', start: '12:00', end: '08:00', breakMinutes: 0 };
    expect((await manager.post('/api/working-schedules', shift).expect(422)).body.errors).toEqual([
      {
        field: 'end',
        message:
          'Das Ende (08:00) liegt nicht nach dem Beginn (12:00). Wenn die Schicht am Folgetag endet, wählen Sie „Endet am Folgetag“.',
      },
    ]);
    const night = (await manager.post('/api/working-schedules', { ...shift, endsNextDay: true }).expect(201)).body.data;
    expect(night).toMatchObject({ endsNextDay: true, plannedMinutes: 20 * 60 });
    await manager.delete(`/api/working-schedules/${night.id}`).expect(200);
  });

  it('a vacation week with Easter Monday takes four days; the month is closed, exported alike, reopened', async () => {
    const booked = (
      await manager
        .post('/api/time-sheets/absences', {
          user: employee.user.id,
          branch,
          kind: 'holiday',
          from: '2026-04-06',
          to: '2026-04-10',
        })
        .expect(201)
    ).body.data;
    expect(booked).toMatchObject({
      days: 4,
      publicHolidays: [{ date: '2026-04-06', name: 'Ostermontag' }],
      holidayBalances: [{ year: 2026, entitlementDays: 25, takenDays: 4, remainingDays: 21 }],
    });
    await employee
      .post('/api/time-sheets/absences', {
        user: employee.user.id,
        branch,
        kind: 'sick',
        from: '2026-04-13',
        to: '2026-04-13',
      })
      .expect(403);
    const [account] = (
      await manager.get(`/api/time-sheets/holiday-balances?user=${employee.user.id}&year=2026`).expect(200)
    ).body.data;
    expect(account).toMatchObject({ takenDays: 4, remainingDays: 21 });
    const holidays = (await employee.get(`/api/time-sheets/public-holidays?branch=${branch}&year=2026`).expect(200))
      .body.data;
    expect(holidays).toMatchObject({ country: 'AT', year: 2026 });
    expect(holidays.holidays).toContainEqual({ date: '2026-04-06', name: 'Ostermontag' });
    const [entitlement] = (
      await manager.get(`/api/time-sheets/holiday-entitlements?user=${employee.user.id}&year=2027`).expect(200)
    ).body.data;
    expect(entitlement).toMatchObject({ isDefault: true, previousYearRemainingDays: 21 });

    // the month: exported, closed, refused, exported again alike, reopened
    const exported = async () =>
      (
        await manager
          .get(`/api/time-sheets/export?month=2026-04&branch=${branch}&format=xlsx`)
          .buffer(true)
          .parse(binary)
          .expect(200)
      ).body as Buffer;
    const before = await exported();
    const closed = (await manager.post('/api/time-sheets/month-closes', { branch, month: '2026-04' }).expect(201)).body
      .data;
    expect(closed).toMatchObject({ month: '2026-04', closed: true, closedBy: { id: manager.user.id } });
    const refused = await manager
      .post('/api/time-tracking/corrections', {
        action: 'delete',
        activity: booked.activity.id,
        reason: 'doch nicht',
      })
      .expect(409);
    expect(refused.body.message).toBe(
      'Der Monat April 2026 ist für diese Filiale abgeschlossen. Änderungen sind erst möglich, wenn er wiedereröffnet wird.',
    );
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await exported()).equals(before)).toBe(true);
    await manager.post('/api/time-sheets/month-closes/reopen', { branch, month: '2026-04' }).expect(422);
    const reopened = (
      await manager
        .post('/api/time-sheets/month-closes/reopen', { branch, month: '2026-04', reason: 'Urlaub storniert' })
        .expect(200)
    ).body.data;
    expect(reopened.history.map((h: { action: string; reason: string | null }) => [h.action, h.reason])).toEqual([
      ['closed', null],
      ['reopened', 'Urlaub storniert'],
    ]);
    await manager
      .post('/api/time-tracking/corrections', { action: 'delete', activity: booked.activity.id, reason: 'storniert' })
      .expect(200);
    const months = (await employee.get(`/api/time-sheets/month-closes?branch=${branch}&year=2026`).expect(200)).body
      .data;
    expect(months).toEqual([expect.objectContaining({ month: '2026-04', closed: false })]);
  });
});
