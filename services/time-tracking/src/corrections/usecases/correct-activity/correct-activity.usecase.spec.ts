import type { WorkingActivity } from '@shop/contracts';
import { OutboxEntity } from '@shop/server';
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
import { ListActivityChanges } from '../list-activity-changes/list-activity-changes.usecase.js';
import { CorrectActivity } from './correct-activity.usecase.js';

/** Issue 41 item 4 on real Postgres: a manager corrects the times of their branch's people, with a reason. */
describe('CorrectActivity', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let correct: CorrectActivity;
  let trail: ListActivityChanges;
  const EMP = employee(501, [41]);
  const LEAD = manager(502, [41]);
  const ELSEWHERE = manager(503, [42]);
  const day = '2026-11-02';
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('correct_activity'));
    parts = monthOf(ds);
    correct = new CorrectActivity(parts.writer);
    trail = new ListActivityChanges(ds, parts.changes, parts.writer);
  });
  afterAll(() => close());

  /** the employee clocked in at 08:00 and forgot to clock out */
  const forgotten = () =>
    ds.getRepository(WorkingActivityEntity).save({
      userId: EMP.id,
      branchId: 41,
      projectId: null,
      taskId: null,
      kind: 'work' as const,
      start: new Date(vienna(day, '08:00')),
      end: null,
      pauses: [],
      note: null,
      warnings: [],
      source: 'clock' as const,
      halfDay: false,
    });
  const fields = (o: Record<string, unknown> = {}) => ({
    user: EMP.id,
    branch: 41,
    kind: 'work',
    start: vienna(day, '08:00'),
    end: vienna(day, '16:30'),
    pauses: [{ start: vienna(day, '12:00'), end: vienna(day, '12:30') }],
    ...o,
  });

  it('closes a forgotten clock-out with a reason; the audit trail keeps who, when, why, before and after', async () => {
    const open = await forgotten();
    const { activity, change } = await correct.execute(LEAD, {
      action: 'update',
      activity: open.id,
      ...fields(),
      reason: 'Ausstempeln vergessen',
    });
    expect(activity).toMatchObject({ id: open.id, state: 'ended', netMinutes: 480, source: 'correction' });
    expect(change).toMatchObject({
      activity: open.id,
      action: 'updated',
      by: { id: LEAD.id, username: LEAD.username },
      reason: 'Ausstempeln vergessen',
      before: { end: null, pauses: [] },
      after: { end: vienna(day, '16:30'), pauses: [{ start: vienna(day, '12:00'), end: vienna(day, '12:30') }] },
      request: null,
    });
    expect(Date.parse(change.at)).toBeGreaterThan(Date.now() - 60_000);
    // the balance follows at once: it is computed from the activities
    const [sheet] = await parts.balances.balances(LEAD, { branch: '41', from: day, to: day });
    expect(sheet).toMatchObject({ user: EMP.id, workedMinutes: 480 });
    // the statistics follow the entity event written with it
    const events = await ds.getRepository(OutboxEntity).findBy({ subject: 'time-tracking.working-activity.updated' });
    expect(events.map((e) => (e.payload as { id: number }).id)).toContain(open.id);
    // the employee reads the trail of their activity
    expect((await trail.execute(EMP, open.id)).map((c) => c.reason)).toEqual(['Ausstempeln vergessen']);
  });

  it('adds a missing day and deletes it again; the trail of the deleted activity stays readable', async () => {
    const added = (
      await correct.execute(LEAD, {
        action: 'create',
        ...fields({ start: vienna('2026-11-03', '09:00'), end: vienna('2026-11-03', '13:00'), pauses: [] }),
        reason: 'Tag fehlte',
      })
    ).activity as WorkingActivity;
    expect(added).toMatchObject({ user: EMP.id, netMinutes: 240, source: 'correction' });
    const removed = await correct.execute(LEAD, { action: 'delete', activity: added.id, reason: 'Doppelt erfasst' });
    expect(removed.activity).toBeNull();
    expect(await ds.getRepository(WorkingActivityEntity).existsBy({ id: added.id })).toBe(false);
    const changes = await trail.execute(EMP, added.id);
    expect(changes.map((c) => [c.action, c.reason, c.before === null, c.after === null])).toEqual([
      ['created', 'Tag fehlte', true, false],
      ['deleted', 'Doppelt erfasst', false, true],
    ]);
    // someone of another branch does not see it
    expect((await refusal(() => trail.execute(ELSEWHERE, added.id)))?.code).toBe('NOT_FOUND');
  });

  it('refuses without a reason, for another branch, and for employees, with German messages', async () => {
    const open = await forgotten();
    expect(
      await refusal(() => correct.execute(LEAD, { action: 'update', activity: open.id, ...fields() })),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'reason', message: 'Dieser Wert sollte nicht leer sein.' }],
    });
    expect(
      (await refusal(() => correct.execute(LEAD, { action: 'delete', activity: open.id, reason: '  ' })))?.errors,
    ).toEqual([{ field: 'reason', message: 'Dieser Wert sollte nicht leer sein.' }]);
    // the activity of a branch they do not manage is not theirs to see
    expect(
      (await refusal(() => correct.execute(ELSEWHERE, { action: 'delete', activity: open.id, reason: 'x' })))?.code,
    ).toBe('NOT_FOUND');
    // nor to move there
    expect(
      await refusal(() =>
        correct.execute(LEAD, { action: 'update', activity: open.id, ...fields({ branch: 42 }), reason: 'Filiale' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: 'Sie haben keinen Zugriff auf diese Filiale.' });
    expect(
      await refusal(() => correct.execute(EMP, { action: 'update', activity: open.id, ...fields(), reason: 'selbst' })),
    ).toMatchObject({ code: 'FORBIDDEN', message: 'Keine Rechte, um die Ressource anzufragen.' });
    // a 12:00 to 08:00 shift is never silently the next day
    expect(
      (
        await refusal(() =>
          correct.execute(LEAD, {
            action: 'update',
            activity: open.id,
            ...fields({ start: vienna(day, '12:00'), end: vienna('2026-11-03', '08:00'), pauses: [] }),
            reason: 'Nacht',
          }),
        )
      )?.errors,
    ).toEqual([{ field: 'end', message: expect.stringContaining('„Endet am Folgetag“') }]);
    const night = await correct.execute(LEAD, {
      action: 'update',
      activity: open.id,
      ...fields({ start: vienna(day, '12:00'), end: vienna('2026-11-03', '08:00'), pauses: [] }),
      endsNextDay: true,
      reason: 'Nacht',
    });
    expect(night.activity?.netMinutes).toBe(20 * 60);
    // a second running activity of the person is the clock's 409
    await forgotten();
    expect(
      await refusal(() =>
        correct.execute(LEAD, {
          action: 'create',
          ...fields({ start: vienna(day, '18:00'), end: null, pauses: [] }),
          reason: 'läuft',
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: 'Es läuft bereits eine Aktivität. Bitte beenden Sie sie zuerst.' });
  });
});
