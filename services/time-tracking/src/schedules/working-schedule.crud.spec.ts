import type { WorkingSchedule } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { ADMIN, crudOf, employee, refusal, timeTrackingTestDatabase } from '../../test/time-tracking-test-database.js';
import { workingScheduleCrud } from './working-schedule.crud.js';

/** The schedules resource's hooks run by the real CRUD engine (real Postgres, committed migrations). */
describe('working-schedules resource', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: ReturnType<typeof crudOf>;
  const EMP = employee(821, [61]);
  const shift = (o: Record<string, unknown> = {}) => ({
    user: EMP.id,
    branch: 61,
    date: '2026-03-10',
    start: '08:00',
    end: '16:30',
    breakMinutes: 30,
    note: null,
    ...o,
  });
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('working_schedule_crud'));
    crud = crudOf(workingScheduleCrud('Europe/Vienna'), ds);
  });
  afterAll(() => close());

  it('plans shifts at the staff member’s branches with their planned minutes', async () => {
    const planned = (await crud.create(EMP, { body: shift() })) as WorkingSchedule;
    expect(planned).toMatchObject({ user: EMP.id, branch: 61, plannedMinutes: 480 });
    // the night the clocks go forward: a shift of 22:00 to 06:00 the next day (issue 41: said) lasts seven hours
    const night = (await crud.create(ADMIN, {
      body: shift({ branch: 62, date: '2026-03-28', start: '22:00', end: '06:00', endsNextDay: true, breakMinutes: 0 }),
    })) as WorkingSchedule;
    expect(night.plannedMinutes).toBe(7 * 60);
    expect(await refusal(() => crud.create(EMP, { body: shift({ branch: 62 }) }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie haben keinen Zugriff auf diese Filiale.',
    });
  });

  it('issue 41: an end before the start is the next day only when the input says so', async () => {
    expect((await refusal(() => crud.create(EMP, { body: shift({ start: '12:00', end: '08:00' }) })))?.errors).toEqual([
      {
        field: 'end',
        message:
          'Das Ende (08:00) liegt nicht nach dem Beginn (12:00). Wenn die Schicht am Folgetag endet, wählen Sie „Endet am Folgetag“.',
      },
    ]);
    expect(
      (await refusal(() => crud.create(EMP, { body: shift({ start: '08:00', end: '10:00', endsNextDay: true }) })))
        ?.errors?.[0]?.field,
    ).toBe('end');
    const twenty = (await crud.create(EMP, {
      body: shift({ date: '2026-03-12', start: '12:00', end: '08:00', endsNextDay: true, breakMinutes: 0 }),
    })) as WorkingSchedule;
    expect([twenty.plannedMinutes, twenty.endsNextDay]).toEqual([20 * 60, true]);
    await crud.delete(EMP, { id: twenty.id });
  });

  it('lists the shifts of the staff member’s branches, filtered by user, branch and dates', async () => {
    expect(((await crud.list(EMP, { query: {} })).items as WorkingSchedule[]).map((s) => s.branch)).toEqual([61]);
    expect((await crud.list(ADMIN, { query: {} })).items).toHaveLength(2);
    expect((await crud.list(ADMIN, { query: { from: '2026-03-11' } })).items).toHaveLength(1);
    expect((await crud.list(ADMIN, { query: { to: '2026-03-10', user: EMP.id } })).items).toHaveLength(1);
    expect((await crud.list(ADMIN, { query: { branch: 63 } })).items).toEqual([]);
    expect((await refusal(() => crud.list(ADMIN, { query: { from: '2026-03-11', to: '2026-03-10' } })))?.code).toBe(
      'VALIDATION_FAILED',
    );
  });
});
