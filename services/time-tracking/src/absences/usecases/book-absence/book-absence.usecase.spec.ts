import type { DataSource } from 'typeorm';
import {
  ADMIN,
  crudOf,
  employee,
  manager,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
} from '../../../../test/time-tracking-test-database.js';
import { workingScheduleCrud } from '../../../schedules/working-schedule.crud.js';
import { BookAbsence } from './book-absence.usecase.js';

/**
 * Issue 41 item 5 on real Postgres: a manager books vacation, sick leave and compensatory time off; a vacation week
 * with Easter Monday takes four days from the account, and the public holiday is neither vacation nor missing hours.
 */
describe('BookAbsence', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let book: BookAbsence;
  const EMP = employee(801, [81]);
  const LEAD = manager(802, [81]);
  const ELSEWHERE = manager(803, [82]);
  const booking = (o: Record<string, unknown> = {}) => ({
    user: EMP.id,
    branch: 81,
    kind: 'holiday',
    from: '2026-04-06',
    to: '2026-04-10',
    ...o,
  });
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('book_absence'));
    // identity's branches of the employee: the manager of branch 81 reads their accounts
    parts = monthOf(ds, {}, { [EMP.id]: [81] });
    book = new BookAbsence(ds, parts.context, parts.writer, parts.regions, parts.balances);
    await parts.balances.saveEntitlement(ADMIN, { user: EMP.id, year: 2026, daysPerYear: 25 });
    const schedules = crudOf(workingScheduleCrud('Europe/Vienna'), ds);
    for (const date of [
      '2026-04-06',
      '2026-04-07',
      '2026-04-08',
      '2026-04-09',
      '2026-04-10',
      '2026-04-13',
      '2026-04-14',
    ])
      await schedules.create(ADMIN, {
        body: { user: EMP.id, branch: 81, date, start: '08:00', end: '16:30', breakMinutes: 30, note: null },
      });
  });
  afterAll(() => close());

  it('a vacation week with Easter Monday takes four days; the account goes down as booked', async () => {
    const booked = await book.execute(LEAD, booking({ note: 'Osterurlaub' }));
    expect(booked).toMatchObject({
      activity: { user: EMP.id, kind: 'holiday', halfDay: false, note: 'Osterurlaub', source: 'correction' },
      days: 4,
      publicHolidays: [{ date: '2026-04-06', name: 'Ostermontag' }],
      holidayBalances: [{ year: 2026, entitlementDays: 25, takenDays: 4, remainingDays: 21 }],
    });
    // the booking is in the absence's trail, with a reason of its own
    const [change] = (await parts.changes.ofActivities([booked.activity.id])).get(booked.activity.id)!;
    expect(change).toMatchObject({
      action: 'created',
      by: { id: LEAD.id },
      reason: 'Urlaub gebucht (06.04.2026 bis 10.04.2026)',
    });
    // the manager reads the employee's account; so does the employee
    const [account] = await parts.balances.holidayBalances(LEAD, { user: String(EMP.id), year: '2026' });
    expect(account).toMatchObject({ takenDays: 4, remainingDays: 21 });
    // the public holiday is credited like the vacation days: no missing hours (the manager reads the sheet too)
    const [sheet] = await parts.balances.balances(LEAD, { user: String(EMP.id), from: '2026-04-06', to: '2026-04-10' });
    expect(sheet).toMatchObject({ plannedMinutes: 2400, workedMinutes: 2400, overtimeMinutes: 0 });
    expect(sheet.days[0]).toMatchObject({ date: '2026-04-06', publicHoliday: 'Ostermontag' });
  });

  it('half a sick day, compensatory time off taken from the balance; no two absences on a day', async () => {
    const half = await book.execute(
      LEAD,
      booking({ kind: 'sick', from: '2026-04-13', to: '2026-04-13', halfDay: true }),
    );
    expect(half).toMatchObject({ days: 0.5, activity: { halfDay: true }, holidayBalances: [] });
    await book.execute(LEAD, booking({ kind: 'compensatory', from: '2026-04-14', to: '2026-04-14' }));
    const [sheet] = await parts.balances.balances(EMP, { from: '2026-04-13', to: '2026-04-14' });
    // half of 480 credited on the 13th, nothing on the 14th (the overtime is taken)
    expect(sheet.days.map((d) => [d.date, d.workedMinutes, d.differenceMinutes])).toEqual([
      ['2026-04-13', 240, -240],
      ['2026-04-14', 0, -480],
    ]);
    expect(await refusal(() => book.execute(LEAD, booking({ from: '2026-04-09', to: '2026-04-15' })))).toMatchObject({
      code: 'CONFLICT',
      message: 'Am 09.04.2026 ist bereits eine Abwesenheit eingetragen.',
    });
  });

  it('who may book, and the German messages of a bad range', async () => {
    const may = booking({ from: '2026-05-04', to: '2026-05-04' });
    expect((await refusal(() => book.execute(EMP, may)))?.code).toBe('FORBIDDEN');
    expect(await refusal(() => book.execute(ELSEWHERE, may))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie haben keinen Zugriff auf diese Filiale.',
    });
    expect(
      (await refusal(() => book.execute(LEAD, booking({ from: '2026-05-05', to: '2026-05-04' }))))?.errors,
    ).toEqual([{ field: 'from', message: 'Der Beginn des Zeitraums darf nicht nach seinem Ende liegen.' }]);
    expect(
      (await refusal(() => book.execute(LEAD, booking({ from: '2026-05-04', to: '2026-05-05', halfDay: true }))))
        ?.errors,
    ).toEqual([{ field: 'halfDay', message: 'Ein halber Tag kann nur für einen einzelnen Tag gebucht werden.' }]);
    expect((await refusal(() => book.execute(LEAD, booking({ kind: 'work' }))))?.errors?.[0]?.field).toBe('kind');
  });

  it('entitlements per user and year, with the previous year’s rest as the carry-over to give', async () => {
    const [next] = await parts.balances.entitlements(LEAD, { user: String(EMP.id), year: '2027' });
    expect(next).toMatchObject({
      user: EMP.id,
      year: 2027,
      daysPerYear: 25,
      isDefault: true,
      previousYearRemainingDays: 21,
    });
    await parts.balances.saveEntitlement(ADMIN, {
      user: EMP.id,
      year: 2027,
      daysPerYear: 25,
      carryOverDays: next.previousYearRemainingDays,
      carryOverExpires: '2027-06-30',
    });
    const [saved] = await parts.balances.entitlements(EMP, { year: '2027' });
    expect(saved).toMatchObject({ isDefault: false, carryOverDays: 21, carryOverExpires: '2027-06-30' });
    const [account] = await parts.balances.holidayBalances(EMP, { year: '2027' });
    expect(account).toMatchObject({ entitlementDays: 25, carryOverDays: 21, remainingDays: 46 });
    // another employee's: not for employees, nor for a manager of none of their branches
    expect(
      (await refusal(() => parts.balances.entitlements(employee(804, [81]), { user: String(EMP.id) })))?.code,
    ).toBe('FORBIDDEN');
    expect((await refusal(() => parts.balances.entitlements(ELSEWHERE, { user: String(EMP.id) })))?.code).toBe(
      'FORBIDDEN',
    );
    expect((await refusal(() => parts.balances.balances(ELSEWHERE, { user: String(EMP.id) })))?.code).toBe('FORBIDDEN');
  });
});
