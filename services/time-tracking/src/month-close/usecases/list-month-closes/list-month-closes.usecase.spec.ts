import type { DataSource } from 'typeorm';
import {
  ADMIN,
  employee,
  manager,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
} from '../../../../test/time-tracking-test-database.js';
import { CloseMonth } from '../close-month/close-month.usecase.js';
import { ReopenMonth } from '../reopen-month/reopen-month.usecase.js';
import { ListMonthCloses } from './list-month-closes.usecase.js';

/** Issue 41 on real Postgres: a branch's months of a year that were ever closed, with who closed and reopened them. */
describe('ListMonthCloses', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let list: ListMonthCloses;
  const EMP = employee(1501, [151]);
  const LEAD = manager(1502, [151]);
  const STRANGER = employee(1503, [152]);
  const NEXT_DOOR = manager(1504, [152]);
  // every month below is over by then (the close is told the time: no dependence on today)
  const NOW = new Date('2027-03-10T10:00:00Z');
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('list_month_closes'));
    const parts = monthOf(ds);
    const closeMonth = new CloseMonth(ds, parts.context, parts.locks);
    const reopen = new ReopenMonth(ds, parts.locks);
    list = new ListMonthCloses(parts.context, parts.locks);
    await closeMonth.execute(LEAD, { branch: 151, month: '2026-05' }, NOW);
    await closeMonth.execute(LEAD, { branch: 151, month: '2026-03' }, NOW);
    await reopen.execute(ADMIN, { branch: 151, month: '2026-05', reason: 'Krankmeldung nachgereicht' });
    // the neighbouring years and another branch's month are not 2026's of branch 151
    await closeMonth.execute(LEAD, { branch: 151, month: '2025-12' }, NOW);
    await closeMonth.execute(LEAD, { branch: 151, month: '2027-01' }, NOW);
    await closeMonth.execute(NEXT_DOOR, { branch: 152, month: '2026-04' }, NOW);
  });
  afterAll(() => close());

  it('lists the year’s closed and reopened months in order, with who, when and why', async () => {
    const months = await list.execute(EMP, { branch: '151', year: '2026' });
    expect(months.map((m) => [m.branch, m.month, m.closed])).toEqual([
      [151, '2026-03', true],
      [151, '2026-05', false],
    ]);
    const [march, may] = months;
    expect(march).toMatchObject({
      closedBy: { id: LEAD.id, username: LEAD.username },
      history: [{ action: 'closed', by: { id: LEAD.id, username: LEAD.username }, reason: null }],
    });
    expect(march.closedAt).toBe(march.history[0].at);
    expect(Number.isNaN(Date.parse(march.closedAt!))).toBe(false);
    // reopened: no longer closed by anyone, the history keeps both steps oldest first
    expect(may).toMatchObject({ closed: false, closedAt: null, closedBy: null });
    expect(may.history.map((h) => [h.action, h.by.id, h.reason])).toEqual([
      ['closed', LEAD.id, null],
      ['reopened', ADMIN.id, 'Krankmeldung nachgereicht'],
    ]);
    // the branch's manager and administrators read the same
    expect(await list.execute(LEAD, { branch: '151', year: '2026' })).toEqual(months);
    expect(await list.execute(ADMIN, { branch: '151', year: '2026' })).toEqual(months);
  });

  it('keeps to the year and the branch asked for', async () => {
    expect((await list.execute(EMP, { branch: '151', year: '2025' })).map((m) => m.month)).toEqual(['2025-12']);
    expect((await list.execute(EMP, { branch: '151', year: '2027' })).map((m) => m.month)).toEqual(['2027-01']);
    expect(await list.execute(EMP, { branch: '151', year: '2024' })).toEqual([]);
    expect(await list.execute(ADMIN, { branch: '152', year: '2026' })).toMatchObject([
      { branch: 152, month: '2026-04', closed: true, closedBy: { id: NEXT_DOOR.id } },
    ]);
  });

  it('refuses staff of another branch, in German', async () => {
    const forbidden = { code: 'FORBIDDEN', message: 'Sie haben keinen Zugriff auf diese Filiale.' };
    expect(await refusal(() => list.execute(STRANGER, { branch: '151', year: '2026' }))).toMatchObject(forbidden);
    expect(await refusal(() => list.execute(NEXT_DOOR, { branch: '151', year: '2026' }))).toMatchObject(forbidden);
    expect(await refusal(() => list.execute(LEAD, { branch: '152', year: '2026' }))).toMatchObject(forbidden);
    expect(await refusal(() => list.execute(null, { branch: '151', year: '2026' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('answers a bad query with the German error of its field', async () => {
    expect(await refusal(() => list.execute(LEAD, { branch: 'Mitte', year: '2026' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'branch', message: 'Dieser Wert sollte vom Typ Zahl sein.' }],
    });
    // without a branch there is nothing to read (the id parameter coerces, so the text is the one of a non-number)
    expect(await refusal(() => list.execute(LEAD, { year: '2026' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'branch' }],
    });
    expect(await refusal(() => list.execute(LEAD, { branch: '151', year: '1999' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'year', message: 'Dieser Wert sollte 2000 oder mehr sein.' }],
    });
    expect(await refusal(() => list.execute(LEAD, { branch: '151', year: '2026.5' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'year', message: 'Dieser Wert sollte eine ganze Zahl sein.' }],
    });
  });
});
