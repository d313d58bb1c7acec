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
import { ListActivityChanges } from './list-activity-changes.usecase.js';

/** Issue 41 on real Postgres: an activity's audit trail, for who may read the activity, also once it is deleted. */
describe('ListActivityChanges', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let trail: ListActivityChanges;
  const EMP = employee(1301, [131]);
  const COLLEAGUE = employee(1302, [131]);
  const LEAD = manager(1303, [131]);
  const NEXT_DOOR = manager(1304, [132]);
  const ELSEWHERE = manager(1305, [133]);
  const day = '2026-11-16';
  const NOT_FOUND = { code: 'NOT_FOUND', message: 'Aktivität wurde nicht gefunden.' };
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('list_activity_changes'));
    parts = monthOf(ds);
    trail = new ListActivityChanges(ds, parts.changes, parts.writer);
  });
  afterAll(() => close());

  /** a correction (create, update, delete) of EMP's day in `branch`, by an administrator unless said */
  const correct = async (
    verb: 'create' | 'update' | 'delete',
    o: { id?: number; branch?: number; user?: number; end?: string; reason: string; by?: typeof ADMIN },
  ) =>
    parts.writer.write({
      actor: o.by ?? ADMIN,
      verb,
      id: o.id,
      body:
        verb === 'delete'
          ? undefined
          : {
              user: o.user ?? EMP.id,
              branch: o.branch ?? 131,
              kind: 'work',
              start: vienna(day, '08:00'),
              end: o.end ?? vienna(day, '12:00'),
            },
      as: 'manage',
      reason: o.reason,
    });

  it('lists who changed what, when and why, oldest first, to the person, the branch’s managers and admins', async () => {
    const created = await correct('create', { reason: 'Tag fehlte' });
    const id = created.activity!.id;
    await correct('update', { id, end: vienna(day, '16:00'), reason: 'Ausstempeln vergessen', by: LEAD });
    await correct('update', { id, end: vienna(day, '15:00'), reason: 'Laut Dienstplan' });

    const changes = await trail.execute(EMP, id);
    expect(changes.map((c) => [c.action, c.by?.id, c.reason, c.request])).toEqual([
      ['created', ADMIN.id, 'Tag fehlte', null],
      ['updated', LEAD.id, 'Ausstempeln vergessen', null],
      ['updated', ADMIN.id, 'Laut Dienstplan', null],
    ]);
    expect(changes.every((c) => c.activity === id)).toBe(true);
    // oldest first: each change starts from what the one before left
    expect(changes.map((c) => c.id)).toEqual([...changes.map((c) => c.id)].sort((x, y) => x - y));
    expect(changes[0]).toMatchObject({ before: null, after: { end: vienna(day, '12:00') } });
    expect(changes[1]).toMatchObject({ before: changes[0].after, after: { end: vienna(day, '16:00') } });
    expect(changes[2]).toMatchObject({ before: changes[1].after, after: { end: vienna(day, '15:00') } });
    expect(changes[1].by).toEqual({ id: LEAD.id, username: LEAD.username });

    // the branch's manager and an administrator read the same trail
    expect(await trail.execute(LEAD, id)).toEqual(changes);
    expect(await trail.execute(ADMIN, id)).toEqual(changes);
    // a colleague of the branch and the manager of another branch are told it does not exist
    expect(await refusal(() => trail.execute(COLLEAGUE, id))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => trail.execute(ELSEWHERE, id))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => trail.execute(null, id))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('gives an empty trail for an activity nobody changed, and not-found for one that never was', async () => {
    // a clocked activity: the clock writes no trail
    const clocked = await ds.getRepository(WorkingActivityEntity).save({
      ...ds.getRepository(WorkingActivityEntity).create(),
      userId: EMP.id,
      branchId: 131,
      kind: 'work' as const,
      start: new Date(vienna('2026-11-17', '08:00')),
      end: new Date(vienna('2026-11-17', '12:00')),
      source: 'clock' as const,
    });
    expect(await trail.execute(EMP, clocked.id)).toEqual([]);
    expect(await trail.execute(LEAD, clocked.id)).toEqual([]);
    expect(await refusal(() => trail.execute(COLLEAGUE, clocked.id))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => trail.execute(ADMIN, 999_999))).toMatchObject(NOT_FOUND);
  });

  it('stays readable after the deletion by the person and the managers of every branch its changes name', async () => {
    const created = await correct('create', { reason: 'Tag fehlte' });
    const id = created.activity!.id;
    // moved to the branch next door: while it exists, only that branch's manager reads it
    await correct('update', { id, branch: 132, reason: 'falsche Filiale' });
    expect((await trail.execute(NEXT_DOOR, id)).length).toBe(2);
    expect(await refusal(() => trail.execute(LEAD, id))).toMatchObject(NOT_FOUND);
    await correct('delete', { id, reason: 'Doppelt erfasst', by: NEXT_DOOR });
    expect(await ds.getRepository(WorkingActivityEntity).existsBy({ id })).toBe(false);

    const changes = await trail.execute(EMP, id);
    expect(changes.map((c) => [c.action, c.reason, c.before === null, c.after === null])).toEqual([
      ['created', 'Tag fehlte', true, false],
      ['updated', 'falsche Filiale', false, false],
      ['deleted', 'Doppelt erfasst', false, true],
    ]);
    expect(changes[2].before).toEqual(changes[1].after);
    // both branches the changes name, and administrators
    expect(await trail.execute(NEXT_DOOR, id)).toEqual(changes);
    expect(await trail.execute(LEAD, id)).toEqual(changes);
    expect(await trail.execute(ADMIN, id)).toEqual(changes);
    expect(await refusal(() => trail.execute(ELSEWHERE, id))).toMatchObject(NOT_FOUND);
    expect(await refusal(() => trail.execute(COLLEAGUE, id))).toMatchObject(NOT_FOUND);
  });

  it('after the deletion, “the person” is the one it last belonged to', async () => {
    const created = await correct('create', { reason: 'Tag fehlte' });
    const id = created.activity!.id;
    await correct('update', { id, user: COLLEAGUE.id, reason: 'falsche Person' });
    await correct('delete', { id, reason: 'Doppelt erfasst' });
    expect((await trail.execute(COLLEAGUE, id)).map((c) => c.action)).toEqual(['created', 'updated', 'deleted']);
    expect(await refusal(() => trail.execute(EMP, id))).toMatchObject(NOT_FOUND);
  });
});
