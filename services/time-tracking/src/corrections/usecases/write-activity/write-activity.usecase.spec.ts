import type { WorkingActivity } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  employee,
  idleRelay,
  manager,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
  vienna,
} from '../../../../test/time-tracking-test-database.js';
import { WorkingActivityEntity } from '../../../activities/working-activity.entity.js';
import { ZonedLists } from '../../../lists/zoned-lists.js';
import { WriteActivity } from './write-activity.usecase.js';

/**
 * Issue 41 on real Postgres: the working-activities resource's writes. A person's own entries directly; what the
 * clock or a correction recorded, and someone else's activity, only as a correction with a reason by who manages
 * the branch; every write in the audit trail. And the list's filters by user, branch and period (item 8).
 */
describe('WriteActivity (the CRUD of working activities)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let writes: WriteActivity;
  const EMP = employee(601, [51]);
  const COLLEAGUE = employee(602, [51]);
  const LEAD = manager(603, [51]);
  const day = '2026-11-04';
  const body = (o: Record<string, unknown> = {}) => ({
    user: EMP.id,
    branch: 51,
    kind: 'work',
    start: vienna(day, '08:00'),
    end: vienna(day, '12:00'),
    ...o,
  });
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('write_activity'));
    parts = monthOf(ds);
    writes = new WriteActivity(parts.writer);
  });
  afterAll(() => close());

  it("an employee's own entries directly, each write in the trail; what the clock recorded only by request", async () => {
    const own = await writes.create(EMP, body());
    expect(own).toMatchObject({ source: 'entry', netMinutes: 240 });
    const changed = await writes.update(EMP, own.id, body({ end: vienna(day, '13:00'), note: 'länger' }));
    expect(changed.netMinutes).toBe(300);
    const trail = (await parts.changes.ofActivities([own.id])).get(own.id)!;
    expect(trail.map((c) => [c.action, c.by?.id, c.reason])).toEqual([
      ['created', EMP.id, null],
      ['updated', EMP.id, null],
    ]);
    const clocked = await ds.getRepository(WorkingActivityEntity).save({
      ...ds.getRepository(WorkingActivityEntity).create(),
      userId: EMP.id,
      branchId: 51,
      kind: 'work' as const,
      start: new Date(vienna('2026-11-05', '08:00')),
      end: new Date(vienna('2026-11-05', '10:00')),
      source: 'clock' as const,
    });
    const requestIt = {
      code: 'FORBIDDEN',
      message:
        'Diese Aktivität wurde von der Stempeluhr oder durch eine Korrektur erfasst. Bitte beantragen Sie eine Korrektur.',
    };
    expect(
      await refusal(() =>
        writes.update(
          EMP,
          clocked.id,
          body({ start: vienna('2026-11-05', '07:00'), end: vienna('2026-11-05', '10:00') }),
        ),
      ),
    ).toMatchObject(requestIt);
    expect(await refusal(() => writes.delete(EMP, clocked.id))).toMatchObject(requestIt);
    // someone else's: as before (issue 19)
    expect(await refusal(() => writes.create(COLLEAGUE, body()))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie können nur Ihre eigenen Aktivitäten sehen und ändern.',
    });
    expect((await refusal(() => writes.delete(COLLEAGUE, own.id)))?.code).toBe('NOT_FOUND');
  });

  it("someone else's activity: a correction by the branch's manager, with the body's reason", async () => {
    const own = await writes.create(
      EMP,
      body({ start: vienna('2026-11-06', '08:00'), end: vienna('2026-11-06', '12:00') }),
    );
    const moved = body({ start: vienna('2026-11-06', '07:30'), end: vienna('2026-11-06', '12:00') });
    expect(await refusal(() => writes.update(LEAD, own.id, moved))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'reason', message: 'Bitte geben Sie einen Grund für die Korrektur an.' }],
    });
    // a delete over the resource carries no reason: the corrections route does
    expect((await refusal(() => writes.delete(LEAD, own.id)))?.errors?.[0]?.field).toBe('reason');
    expect((await refusal(() => writes.create(ADMIN, body())))?.errors?.[0]?.field).toBe('reason');
    const corrected = await writes.update(LEAD, own.id, { ...moved, reason: 'Früher begonnen' });
    expect(corrected).toMatchObject({ netMinutes: 270, source: 'correction' });
    // corrected: the employee asks for a change now
    expect((await refusal(() => writes.update(EMP, own.id, moved)))?.code).toBe('FORBIDDEN');
    // a manager's own entry stays theirs to change
    const mine = await writes.create(LEAD, body({ user: LEAD.id }));
    expect((await writes.update(LEAD, mine.id, body({ user: LEAD.id, note: 'Inventur' }))).source).toBe('entry');
  });

  it('says an overnight end and a half day as the input says them', async () => {
    const night = body({ start: vienna('2026-11-09', '22:00'), end: vienna('2026-11-10', '06:00') });
    expect((await refusal(() => writes.create(EMP, night)))?.errors).toEqual([
      {
        field: 'end',
        message:
          'Das Ende liegt nicht am Tag des Beginns. Wenn die Arbeit am Folgetag endet, wählen Sie „Endet am Folgetag“.',
      },
    ]);
    expect((await writes.create(EMP, { ...night, endsNextDay: true })).netMinutes).toBe(480);
    expect((await refusal(() => writes.create(EMP, { ...body(), endsNextDay: true })))?.errors?.[0]?.message).toBe(
      'Das Ende liegt am Tag des Beginns; „Endet am Folgetag“ passt nicht dazu.',
    );
    const twoNights = body({
      start: vienna('2026-11-11', '22:00'),
      end: vienna('2026-11-13', '06:00'),
      endsNextDay: true,
    });
    expect((await refusal(() => writes.create(EMP, twoNights)))?.errors?.[0]?.field).toBe('end');
    // midnight is the end of the day, not the next one
    expect(
      (await writes.create(EMP, body({ start: vienna('2026-11-12', '20:00'), end: vienna('2026-11-13', '00:00') })))
        .netMinutes,
    ).toBe(240);
    expect((await refusal(() => writes.create(EMP, { ...body(), halfDay: true })))?.errors).toEqual([
      { field: 'halfDay', message: 'Nur Abwesenheiten können einen halben Tag dauern.' },
    ]);
    const twoDays = body({
      kind: 'holiday',
      start: vienna('2026-11-16', '00:00'),
      end: vienna('2026-11-18', '00:00'),
      halfDay: true,
    });
    expect((await refusal(() => writes.create(EMP, twoDays)))?.errors?.[0]?.field).toBe('halfDay');
  });

  it('lists a branch’s activities for its manager, filtered by user, branch and period', async () => {
    await writes.create(
      COLLEAGUE,
      body({ user: COLLEAGUE.id, start: vienna('2026-11-20', '08:00'), end: vienna('2026-11-20', '09:00') }),
    );
    const lists = new ZonedLists(ds, idleRelay, parts.context, () => new Date('2026-12-01T10:00:00Z'));
    const ids = async (actor: typeof EMP, query: Record<string, string>) =>
      ((await lists.activities(actor, query)).items as WorkingActivity[]).map((a) => [a.user, a.start.slice(0, 10)]);
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(new Set((await ids(LEAD, { branch: '51', ...november })).map(([user]) => user))).toEqual(
      new Set([EMP.id, COLLEAGUE.id, LEAD.id]),
    );
    expect(await ids(LEAD, { branch: '51', user: String(COLLEAGUE.id), ...november })).toEqual([
      [COLLEAGUE.id, '2026-11-20'],
    ]);
    expect(await ids(LEAD, { branch: '51', from: '2026-11-20', to: '2026-11-20' })).toEqual([
      [COLLEAGUE.id, '2026-11-20'],
    ]);
    // an employee's list stays their own, whatever the filter
    expect(new Set((await ids(EMP, { branch: '51', ...november })).map(([user]) => user))).toEqual(new Set([EMP.id]));
    // each activity carries its trail in the controller's answers; here the repository reads the page's trails
    const page = (await lists.activities(LEAD, { user: String(COLLEAGUE.id), ...november })).items as WorkingActivity[];
    expect((await parts.changes.ofActivities(page.map((a) => a.id))).get(page[0].id)).toHaveLength(1);
  });
});
