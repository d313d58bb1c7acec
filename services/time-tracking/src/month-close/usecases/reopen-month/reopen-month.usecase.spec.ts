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
import { CloseMonth } from '../close-month/close-month.usecase.js';
import { ListMonthCloses } from '../list-month-closes/list-month-closes.usecase.js';
import { ReopenMonth } from './reopen-month.usecase.js';

/** Issue 41 on real Postgres: a closed month is reopened with a reason; its history keeps who and why. */
describe('ReopenMonth', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let reopen: ReopenMonth;
  let closeMonth: CloseMonth;
  let list: ListMonthCloses;
  const EMP = employee(1201, [121]);
  const LEAD = manager(1202, [121]);
  const STRANGER = employee(1203, [122]);
  const NOW = new Date('2026-12-06T10:00:00Z');
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('reopen_month'));
    parts = monthOf(ds);
    reopen = new ReopenMonth(ds, parts.locks);
    closeMonth = new CloseMonth(ds, parts.context, parts.locks);
    list = new ListMonthCloses(parts.context, parts.locks);
  });
  afterAll(() => close());

  it('reopens with a reason, then the month takes changes again; closing again is kept too', async () => {
    await closeMonth.execute(LEAD, { branch: 121, month: '2026-09' }, NOW);
    expect((await refusal(() => reopen.execute(LEAD, { branch: 121, month: '2026-09' })))?.errors).toEqual([
      { field: 'reason', message: 'Dieser Wert sollte nicht leer sein.' },
    ]);
    expect((await refusal(() => reopen.execute(EMP, { branch: 121, month: '2026-09', reason: 'x' })))?.code).toBe(
      'FORBIDDEN',
    );
    const reopened = await reopen.execute(LEAD, { branch: 121, month: '2026-09', reason: 'Krankmeldung nachgereicht' });
    expect(reopened).toMatchObject({ closed: false, closedBy: null });
    expect(reopened.history.map((h) => [h.action, h.by.id, h.reason])).toEqual([
      ['closed', LEAD.id, null],
      ['reopened', LEAD.id, 'Krankmeldung nachgereicht'],
    ]);
    const booked = await parts.writer.write({
      actor: LEAD,
      verb: 'create',
      body: {
        user: EMP.id,
        branch: 121,
        kind: 'sick',
        start: vienna('2026-09-14', '00:00'),
        end: vienna('2026-09-15', '00:00'),
      },
      as: 'manage',
      reason: 'Krankmeldung',
    });
    expect(booked.activity?.kind).toBe('sick');
    expect(
      (await refusal(() => reopen.execute(LEAD, { branch: 121, month: '2026-09', reason: 'nochmal' })))?.message,
    ).toBe('Der Monat September 2026 ist für diese Filiale nicht abgeschlossen.');
    await closeMonth.execute(ADMIN, { branch: 121, month: '2026-09' }, NOW);
    const [september] = await list.execute(EMP, { branch: '121', year: '2026' });
    expect(september).toMatchObject({ month: '2026-09', closed: true, closedBy: { id: ADMIN.id } });
    expect(september.history.map((h) => h.action)).toEqual(['closed', 'reopened', 'closed']);
    expect((await refusal(() => list.execute(STRANGER, { branch: '121' })))?.code).toBe('FORBIDDEN');
  });
});
