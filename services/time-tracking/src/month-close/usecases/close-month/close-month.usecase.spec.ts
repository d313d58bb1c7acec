import { localDate } from '@shop/domain';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  crudOf,
  employee,
  idleRelay,
  manager,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
  vienna,
} from '../../../../test/time-tracking-test-database.js';
import { ClockRepository } from '../../../clock/clock.repository.js';
import { ClockService } from '../../../clock/clock.service.js';
import { RequestCorrection } from '../../../corrections/usecases/request-correction/request-correction.usecase.js';
import { TimeSheetExportService } from '../../../exports/time-sheet-export.service.js';
import { workingScheduleCrud } from '../../../schedules/working-schedule.crud.js';
import { CloseMonth } from './close-month.usecase.js';

/**
 * Issue 41 item 7 on real Postgres: a manager closes a branch's month after its export; its activities and shifts
 * are not changed until it is reopened, and its export is the same file byte for byte.
 */
describe('CloseMonth', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let closeMonth: CloseMonth;
  let schedules: ReturnType<typeof crudOf>;
  const EMP = employee(1101, [111]);
  const LEAD = manager(1102, [111]);
  const NOW = new Date('2026-12-06T10:00:00Z');
  const work = (start: string, end: string | null) =>
    parts.writer.write({
      actor: ADMIN,
      verb: 'create',
      body: { user: EMP.id, branch: 111, kind: 'work', start, end },
      as: 'manage',
      reason: 'Nachtrag',
    });
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('close_month'));
    parts = monthOf(ds);
    closeMonth = new CloseMonth(ds, parts.context, parts.locks);
    schedules = crudOf(
      workingScheduleCrud('Europe/Vienna', (m, days) => parts.months.requireOpen(m, days, null)),
      ds,
    );
  });
  afterAll(() => close());

  it('closes a month that is over and has nothing running; who and when are kept', async () => {
    expect(await refusal(() => closeMonth.execute(LEAD, { branch: 111, month: '2026-12' }, NOW))).toMatchObject({
      code: 'CONFLICT',
      message: 'Der Monat Dezember 2026 ist noch nicht zu Ende und kann noch nicht abgeschlossen werden.',
    });
    // a forgotten clock-out of October still runs
    const running = await work(vienna('2026-10-30', '08:00'), null);
    expect((await refusal(() => closeMonth.execute(LEAD, { branch: 111, month: '2026-10' }, NOW)))?.message).toBe(
      'Im Monat Oktober 2026 läuft noch eine Aktivität. Bitte beenden oder korrigieren Sie sie zuerst.',
    );
    await parts.writer.write({
      actor: LEAD,
      verb: 'update',
      id: running.activity!.id,
      body: {
        user: EMP.id,
        branch: 111,
        kind: 'work',
        start: vienna('2026-10-30', '08:00'),
        end: vienna('2026-10-30', '16:00'),
      },
      as: 'manage',
      reason: 'Ausstempeln vergessen',
    });
    await schedules.create(ADMIN, {
      body: {
        user: EMP.id,
        branch: 111,
        date: '2026-10-30',
        start: '08:00',
        end: '16:00',
        breakMinutes: 0,
        note: null,
      },
    });
    expect((await refusal(() => closeMonth.execute(EMP, { branch: 111, month: '2026-10' }, NOW)))?.code).toBe(
      'FORBIDDEN',
    );
    const closed = await closeMonth.execute(LEAD, { branch: 111, month: '2026-10' }, NOW);
    expect(closed).toMatchObject({
      branch: 111,
      month: '2026-10',
      closed: true,
      closedBy: { id: LEAD.id, username: LEAD.username },
      history: [{ action: 'closed', by: { id: LEAD.id }, reason: null }],
    });
    expect((await refusal(() => closeMonth.execute(LEAD, { branch: 111, month: '2026-10' }, NOW)))?.message).toBe(
      'Der Monat Oktober 2026 ist für diese Filiale bereits abgeschlossen.',
    );
  });

  it("refuses every change of the closed month's activities and shifts, in German", async () => {
    const closedMessage =
      'Der Monat Oktober 2026 ist für diese Filiale abgeschlossen. Änderungen sind erst möglich, wenn er wiedereröffnet wird.';
    expect(await refusal(() => work(vienna('2026-10-29', '08:00'), vienna('2026-10-29', '12:00')))).toMatchObject({
      code: 'CONFLICT',
      message: closedMessage,
    });
    // moving November's work into October is a change of October
    const november = await work(vienna('2026-11-02', '08:00'), vienna('2026-11-02', '12:00'));
    expect(
      (
        await refusal(() =>
          parts.writer.write({
            actor: LEAD,
            verb: 'update',
            id: november.activity!.id,
            body: {
              user: EMP.id,
              branch: 111,
              kind: 'work',
              start: vienna('2026-10-31', '08:00'),
              end: vienna('2026-10-31', '12:00'),
            },
            as: 'manage',
            reason: 'falscher Tag',
          }),
        )
      )?.message,
    ).toBe(closedMessage);
    // an absence across the month's end touches October too
    expect(
      (
        await refusal(() =>
          parts.writer.write({
            actor: LEAD,
            verb: 'create',
            body: {
              user: EMP.id,
              branch: 111,
              kind: 'sick',
              start: vienna('2026-10-31', '00:00'),
              end: vienna('2026-11-03', '00:00'),
            },
            as: 'manage',
            reason: 'krank',
          }),
        )
      )?.code,
    ).toBe('CONFLICT');
    expect(
      (
        await refusal(() =>
          schedules.create(ADMIN, {
            body: {
              user: EMP.id,
              branch: 111,
              date: '2026-10-29',
              start: '08:00',
              end: '16:00',
              breakMinutes: 0,
              note: null,
            },
          }),
        )
      )?.message,
    ).toBe(closedMessage);
    // an employee's request for it is refused at once
    const request = new RequestCorrection(ds, parts.context, parts.months, parts.writer);
    expect(
      (
        await refusal(() =>
          request.execute(EMP, {
            action: 'create',
            user: EMP.id,
            branch: 111,
            kind: 'work',
            start: vienna('2026-10-28', '08:00'),
            end: vienna('2026-10-28', '12:00'),
            reason: 'vergessen',
          }),
        )
      )?.message,
    ).toBe(closedMessage);
  });

  it('the clock does not step into a closed month either (an offline event from before the close)', async () => {
    // three days back: within the 7 days an offline event may be late; its month is closed (the close is told
    // it is later, so that the current month may be closed too)
    const at = new Date(Date.now() - 3 * 86_400_000);
    const month = localDate(at, 'Europe/Vienna').slice(0, 7);
    await closeMonth.execute(LEAD, { branch: 111, month }, new Date(Date.now() + 40 * 86_400_000));
    const clock = new ClockService(ds, idleRelay, parts.context, new ClockRepository(ds), parts.months);
    const user = { id: EMP.id, username: EMP.username, terminalBranch: null, actor: EMP };
    expect(await refusal(() => clock.act(user, 'start', { branch: 111, at: at.toISOString() }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('ist für diese Filiale abgeschlossen'),
    });
  });

  it('exports the closed month as the same bytes every time (no time of the export in the file)', async () => {
    const exports = new TimeSheetExportService(ds, parts.context, parts.balances, {
      user: async () => 'Eva Muster',
      branch: async () => 'Wien Mitte',
    });
    for (const format of ['xlsx', 'csv']) {
      const first = await exports.export(LEAD, { month: '2026-10', branch: '111', format });
      // the zip's times have two seconds' resolution
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const second = await exports.export(LEAD, { month: '2026-10', branch: '111', format });
      expect(second.base64).toBe(first.base64);
    }
  });
});
