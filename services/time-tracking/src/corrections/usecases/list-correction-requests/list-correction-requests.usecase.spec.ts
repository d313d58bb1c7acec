import type { CorrectionRequest } from '@shop/contracts';
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
import { DecideCorrection } from '../decide-correction/decide-correction.usecase.js';
import { RequestCorrection } from '../request-correction/request-correction.usecase.js';
import { ListCorrectionRequests } from './list-correction-requests.usecase.js';

/**
 * Issue 41 on real Postgres: who reads which correction requests, their filters, their order (pending first, then
 * the newest) and pages.
 */
describe('ListCorrectionRequests', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let requests: ListCorrectionRequests;
  const EMP = employee(1401, [141, 142]);
  const OTHER = employee(1402, [141]);
  const LEAD = manager(1403, [141]);
  const NEXT_DOOR = manager(1404, [142]);
  const NOT_FOUND = { code: 'NOT_FOUND', message: 'Korrekturanfrage wurde nicht gefunden.' };
  /** the requests' ids, named by whose they are, their branch and what became of them (made in this order) */
  let made: Record<
    'empApproved' | 'empNextDoor' | 'otherRejected' | 'empPending' | 'leadOwn' | 'otherWithdrawn',
    number
  >;

  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('list_correction_requests'));
    const parts = monthOf(ds);
    const request = new RequestCorrection(ds, parts.context, parts.months, parts.writer);
    const decide = new DecideCorrection(ds, parts.writer);
    requests = new ListCorrectionRequests(ds);
    // one day each: a missing day is asked for (create), a clocked one corrected (update)
    const ask = async (who: typeof EMP, branch: number, date: string, clocked: boolean) => {
      const activity = clocked
        ? await ds.getRepository(WorkingActivityEntity).save({
            ...ds.getRepository(WorkingActivityEntity).create(),
            userId: who.id,
            branchId: branch,
            kind: 'work' as const,
            start: new Date(vienna(date, '08:00')),
            end: new Date(vienna(date, '10:00')),
            source: 'clock' as const,
          })
        : null;
      const asked = await request.execute(who, {
        action: activity ? 'update' : 'create',
        activity: activity?.id,
        user: who.id,
        branch,
        kind: 'work',
        start: vienna(date, '08:00'),
        end: vienna(date, '16:00'),
        reason: 'Ausstempeln vergessen',
      });
      return asked.id;
    };
    const empApproved = await ask(EMP, 141, '2026-11-02', true);
    const empNextDoor = await ask(EMP, 142, '2026-11-03', false);
    const otherRejected = await ask(OTHER, 141, '2026-11-04', true);
    const empPending = await ask(EMP, 141, '2026-11-05', false);
    const leadOwn = await ask(LEAD, 141, '2026-11-06', true);
    const otherWithdrawn = await ask(OTHER, 141, '2026-11-09', false);
    await decide.approve(LEAD, empApproved, { note: 'passt' });
    await decide.reject(LEAD, otherRejected, { note: 'Laut Dienstplan bis 10 Uhr' });
    await decide.withdraw(OTHER, otherWithdrawn);
    made = { empApproved, empNextDoor, otherRejected, empPending, leadOwn, otherWithdrawn };
  });
  afterAll(() => close());

  const ids = async (actor: typeof EMP, query: Record<string, string> = {}) =>
    (await requests.list(actor, query)).items.map((r) => r.id);

  it('shows employees their own, managers also their branches’, administrators all: pending first, then newest', async () => {
    const m = made;
    expect(await ids(EMP)).toEqual([m.empPending, m.empNextDoor, m.empApproved]);
    expect(await ids(OTHER)).toEqual([m.otherWithdrawn, m.otherRejected]);
    // the manager of 141 reads the branch's (and their own), not the employee's request of the branch next door
    expect(await ids(LEAD)).toEqual([m.leadOwn, m.empPending, m.otherWithdrawn, m.otherRejected, m.empApproved]);
    expect(await ids(NEXT_DOOR)).toEqual([m.empNextDoor]);
    expect(await ids(ADMIN)).toEqual([
      m.leadOwn,
      m.empPending,
      m.empNextDoor,
      m.otherWithdrawn,
      m.otherRejected,
      m.empApproved,
    ]);
    expect(await refusal(() => requests.list(null, {}))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('lists each request as it was asked and decided', async () => {
    const { items } = await requests.list(EMP, {});
    const approved = items.find((r) => r.id === made.empApproved) as CorrectionRequest;
    expect(approved).toMatchObject({
      status: 'approved',
      action: 'update',
      user: EMP.id,
      branch: 141,
      reason: 'Ausstempeln vergessen',
      requestedBy: { id: EMP.id, username: EMP.username },
      proposed: { end: new Date(vienna('2026-11-02', '16:00')).toISOString() },
      decidedBy: { id: LEAD.id, username: LEAD.username },
      decisionNote: 'passt',
    });
    expect(approved.decidedAt).not.toBeNull();
    expect(items.find((r) => r.id === made.empPending)).toMatchObject({
      status: 'pending',
      action: 'create',
      activity: null,
      before: null,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    });
  });

  it('filters by status, person and branch, within what the reader may see', async () => {
    const m = made;
    expect(await ids(ADMIN, { status: 'pending' })).toEqual([m.leadOwn, m.empPending, m.empNextDoor]);
    expect(await ids(ADMIN, { status: 'rejected' })).toEqual([m.otherRejected]);
    expect(await ids(LEAD, { user: String(OTHER.id) })).toEqual([m.otherWithdrawn, m.otherRejected]);
    expect(await ids(LEAD, { status: 'withdrawn', user: String(OTHER.id), branch: '141' })).toEqual([m.otherWithdrawn]);
    expect(await ids(ADMIN, { branch: '142' })).toEqual([m.empNextDoor]);
    expect(await ids(EMP, { branch: '141' })).toEqual([m.empPending, m.empApproved]);
    // a filter never widens what one sees
    expect(await ids(EMP, { user: String(OTHER.id) })).toEqual([]);
    expect(await ids(LEAD, { branch: '142' })).toEqual([]);
    expect(await refusal(() => requests.list(LEAD, { status: 'offen' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'status', message: 'Der gewählte Wert ist ungültig.' }],
    });
    expect((await refusal(() => requests.list(LEAD, { user: 'Eva' })))?.errors?.[0]?.field).toBe('user');
  });

  it('pages the list and says how many there are', async () => {
    const all = await ids(ADMIN);
    const first = await requests.list(ADMIN, { perPage: '4' });
    expect(first.items.map((r) => r.id)).toEqual(all.slice(0, 4));
    expect(first.meta).toEqual({ total: 6, page: 1, perPage: 4 });
    const second = await requests.list(ADMIN, { perPage: '4', page: '2' });
    expect(second.items.map((r) => r.id)).toEqual(all.slice(4));
    expect(second.meta).toEqual({ total: 6, page: 2, perPage: 4 });
    const beyond = await requests.list(ADMIN, { perPage: '4', page: '3' });
    expect(beyond).toEqual({ items: [], meta: { total: 6, page: 3, perPage: 4 } });
    // unpaged: one page of all
    expect((await requests.list(EMP, {})).meta).toEqual({ total: 3, page: 1, perPage: 3 });
    // the count follows the filter and the reader
    expect((await requests.list(LEAD, { status: 'pending', perPage: '1' })).meta).toEqual({
      total: 2,
      page: 1,
      perPage: 1,
    });
    expect((await refusal(() => requests.list(ADMIN, { perPage: '0' })))?.errors?.[0]?.field).toBe('perPage');
  });

  it('gets one request for who may read it; anyone else is told it does not exist', async () => {
    expect(await requests.get(EMP, made.empApproved)).toEqual(
      (await requests.list(EMP, {})).items.find((r) => r.id === made.empApproved),
    );
    expect((await requests.get(LEAD, made.otherRejected)).status).toBe('rejected');
    expect((await requests.get(NEXT_DOOR, made.empNextDoor)).branch).toBe(142);
    expect((await requests.get(ADMIN, made.leadOwn)).requestedBy.id).toBe(LEAD.id);
    expect(await refusal(() => requests.get(OTHER, made.empApproved))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => requests.get(EMP, made.otherRejected))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => requests.get(LEAD, made.empNextDoor))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => requests.get(NEXT_DOOR, made.empApproved))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => requests.get(ADMIN, 999_999))).toMatchObject(NOT_FOUND);
  });
});
