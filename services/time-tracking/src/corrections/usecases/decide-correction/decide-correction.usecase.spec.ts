import type { DataSource } from 'typeorm';
import {
  ADMIN,
  employee,
  manager,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
  vienna,
} from '../../../../test/time-tracking-test-database.js';
import { WorkingActivityEntity } from '../../../activities/working-activity.entity.js';
import { RequestCorrection } from '../request-correction/request-correction.usecase.js';
import { DecideCorrection } from './decide-correction.usecase.js';

/** Issue 41 on real Postgres: a manager approves or rejects an employee's correction request. */
describe('DecideCorrection', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let request: RequestCorrection;
  let decide: DecideCorrection;
  const EMP = employee(711, [71]);
  const LEAD = manager(712, [71]);
  const ELSEWHERE = manager(713, [72]);
  const day = '2026-11-12';
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('decide_correction'));
    parts = monthOf(ds);
    request = new RequestCorrection(ds, parts.context, parts.months, parts.writer);
    decide = new DecideCorrection(ds, parts.writer);
  });
  afterAll(() => close());

  const clocked = (user = EMP.id, branch = 71, open = false) =>
    ds.getRepository(WorkingActivityEntity).save({
      ...ds.getRepository(WorkingActivityEntity).create(),
      userId: user,
      branchId: branch,
      kind: 'work' as const,
      start: new Date(vienna(day, '08:00')),
      // the first one still runs (a forgotten clock-out); one open activity per person
      end: open ? null : new Date(vienna(day, '10:00')),
      source: 'clock' as const,
    });
  const ask = async (activity: number, who = EMP, branch = 71) =>
    request.execute(who, {
      action: 'update',
      activity,
      user: who.id,
      branch,
      kind: 'work',
      start: vienna(day, '08:00'),
      end: vienna(day, '16:00'),
      pauses: [{ start: vienna(day, '12:00'), end: vienna(day, '12:30') }],
      reason: 'Ausstempeln vergessen',
    });

  it('applies an approved request as the manager’s correction, with the request’s reason in the trail', async () => {
    const open = await clocked(EMP.id, 71, true);
    const asked = await ask(open.id);
    const approved = await decide.approve(LEAD, asked.id, { note: 'passt' });
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: { id: LEAD.id, username: LEAD.username },
      decisionNote: 'passt',
    });
    const now = await ds.getRepository(WorkingActivityEntity).findOneByOrFail({ id: open.id });
    expect([now.end?.toISOString(), now.source]).toEqual([new Date(vienna(day, '16:00')).toISOString(), 'correction']);
    const [change] = (await parts.changes.ofActivities([open.id])).get(open.id)!;
    expect(change).toMatchObject({ by: { id: LEAD.id }, reason: 'Ausstempeln vergessen', request: asked.id });
    const sheets = await parts.balances.balances(LEAD, { branch: '71', from: day, to: day });
    expect(sheets.find((s) => s.user === EMP.id)?.workedMinutes).toBe(450);
    // decided once
    expect(await refusal(() => decide.approve(LEAD, asked.id, {}))).toMatchObject({
      code: 'CONFLICT',
      message: 'Über diese Korrekturanfrage wurde bereits entschieden.',
    });
  });

  it('rejects with a note; never one’s own; another branch’s not at all; the requester withdraws', async () => {
    const first = await ask((await clocked()).id);
    expect((await refusal(() => decide.reject(LEAD, first.id, {})))?.errors).toEqual([
      { field: 'note', message: 'Bitte begründen Sie die Ablehnung.' },
    ]);
    expect((await refusal(() => decide.approve(ELSEWHERE, first.id, {})))?.code).toBe('NOT_FOUND');
    expect(await refusal(() => decide.approve(EMP, first.id, {}))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Keine Rechte, um die Ressource anzufragen.',
    });
    expect(await decide.reject(LEAD, first.id, { note: 'Laut Dienstplan bis 14 Uhr' })).toMatchObject({
      status: 'rejected',
      decisionNote: 'Laut Dienstplan bis 14 Uhr',
    });
    // a manager's own request is decided by someone else
    const leadsOwn = await ask((await clocked(LEAD.id)).id, LEAD);
    expect(await refusal(() => decide.approve(LEAD, leadsOwn.id, {}))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Über Ihre eigene Korrekturanfrage entscheidet eine andere Person mit Filialleitung.',
    });
    expect((await decide.approve(ADMIN, leadsOwn.id, {})).status).toBe('approved');
    const second = await ask((await clocked()).id);
    expect(await refusal(() => decide.withdraw(LEAD, second.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await decide.withdraw(EMP, second.id)).status).toBe('withdrawn');
  });

  it('refuses an approval once the activity changed since the request (409)', async () => {
    const open = await clocked();
    const asked = await ask(open.id);
    await parts.writer.write({
      actor: LEAD,
      verb: 'update',
      id: open.id,
      body: { user: EMP.id, branch: 71, kind: 'work', start: vienna(day, '08:00'), end: vienna(day, '15:00') },
      as: 'manage',
      reason: 'selbst korrigiert',
    });
    expect(await refusal(() => decide.approve(LEAD, asked.id, {}))).toMatchObject({
      code: 'CONFLICT',
      message:
        'Die Aktivität wurde seit der Anfrage geändert. Bitte lehnen Sie die Anfrage ab; sie kann neu gestellt werden.',
    });
    expect((await decide.reject(LEAD, asked.id, { note: 'erledigt' })).status).toBe('rejected');
  });
});
