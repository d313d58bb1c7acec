import type { DataSource } from 'typeorm';
import {
  employee,
  manager,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
  vienna,
} from '../../../../test/time-tracking-test-database.js';
import { WorkingActivityEntity } from '../../../activities/working-activity.entity.js';
import { ListCorrectionRequests } from '../list-correction-requests/list-correction-requests.usecase.js';
import { RequestCorrection } from './request-correction.usecase.js';

/** Issue 41 on real Postgres: an employee asks for a correction of their own activity; who sees the requests. */
describe('RequestCorrection', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let request: RequestCorrection;
  let requests: ListCorrectionRequests;
  const EMP = employee(701, [61]);
  const OTHER = employee(702, [61]);
  const LEAD = manager(703, [61]);
  const ELSEWHERE = manager(704, [62]);
  const day = '2026-11-10';
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('request_correction'));
    const parts = monthOf(ds);
    request = new RequestCorrection(ds, parts.context, parts.months, parts.writer);
    requests = new ListCorrectionRequests(ds);
  });
  afterAll(() => close());

  const clocked = (user = EMP.id, open = false) =>
    ds.getRepository(WorkingActivityEntity).save({
      ...ds.getRepository(WorkingActivityEntity).create(),
      userId: user,
      branchId: 61,
      kind: 'work' as const,
      start: new Date(vienna(day, '08:00')),
      // the first one still runs (a forgotten clock-out); one open activity per person
      end: open ? null : new Date(vienna(day, '10:00')),
      source: 'clock' as const,
    });
  const fix = (activity: number, o: Record<string, unknown> = {}) => ({
    action: 'update',
    activity,
    user: EMP.id,
    branch: 61,
    kind: 'work',
    start: vienna(day, '08:00'),
    end: vienna(day, '16:00'),
    reason: 'Ausstempeln vergessen',
    ...o,
  });

  it('keeps what the activity was and what it should become, pending until a manager decides', async () => {
    const open = await clocked(EMP.id, true);
    const asked = await request.execute(EMP, fix(open.id));
    expect(asked).toMatchObject({
      status: 'pending',
      action: 'update',
      activity: open.id,
      user: EMP.id,
      branch: 61,
      reason: 'Ausstempeln vergessen',
      requestedBy: { id: EMP.id, username: EMP.username },
      before: { end: null, start: new Date(vienna(day, '08:00')).toISOString() },
      proposed: { end: new Date(vienna(day, '16:00')).toISOString() },
      decidedBy: null,
    });
    // the activity is unchanged until then
    expect((await ds.getRepository(WorkingActivityEntity).findOneByOrFail({ id: open.id })).end).toBeNull();
    expect(await refusal(() => request.execute(EMP, fix(open.id)))).toMatchObject({
      code: 'CONFLICT',
      message: 'Für diese Aktivität ist bereits eine Korrekturanfrage offen.',
    });
    // a missing day
    const missing = await request.execute(EMP, {
      ...fix(0),
      action: 'create',
      activity: undefined,
      start: vienna('2026-11-11', '08:00'),
      end: vienna('2026-11-11', '12:00'),
      reason: 'Terminal defekt',
    });
    expect(missing).toMatchObject({ action: 'create', activity: null, before: null });
    // who sees them: the employee theirs, the branch's manager all of the branch, another branch's none
    const ids = async (actor: typeof EMP, query: Record<string, string> = {}) =>
      (await requests.list(actor, query)).items.map((r) => r.id).sort((x, y) => x - y);
    expect(await ids(EMP)).toEqual([asked.id, missing.id]);
    expect(await ids(LEAD, { status: 'pending', branch: '61' })).toEqual([asked.id, missing.id]);
    expect(await ids(ELSEWHERE)).toEqual([]);
    expect(await ids(OTHER)).toEqual([]);
    expect((await refusal(() => requests.get(OTHER, asked.id)))?.code).toBe('NOT_FOUND');
    expect((await requests.get(LEAD, asked.id)).id).toBe(asked.id);
  });

  it('checks the proposal now and takes requests for one’s own activities only', async () => {
    const open = await clocked();
    expect((await refusal(() => request.execute(EMP, fix(open.id, { end: vienna(day, '07:00') }))))?.errors).toEqual([
      { field: 'end', message: 'Das Ende darf nicht vor dem Beginn liegen.' },
    ]);
    expect((await refusal(() => request.execute(EMP, fix(open.id, { reason: '' }))))?.errors?.[0]?.field).toBe(
      'reason',
    );
    const theirs = await clocked(OTHER.id);
    expect((await refusal(() => request.execute(EMP, fix(theirs.id))))?.code).toBe('NOT_FOUND');
    expect(await refusal(() => request.execute(EMP, { ...fix(open.id), user: OTHER.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie können nur Korrekturen Ihrer eigenen Aktivitäten beantragen.',
    });
    expect(await refusal(() => request.execute(EMP, fix(open.id, { branch: 62 })))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie haben keinen Zugriff auf diese Filiale.',
    });
  });
});
