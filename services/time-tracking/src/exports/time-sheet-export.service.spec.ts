import type { WorkingActivity } from '@shop/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  contextOf,
  crudOf,
  employee,
  refusal,
  timeTrackingTestDatabase,
} from '../../test/time-tracking-test-database.js';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { BalanceService } from '../balances/balance.service.js';
import { workingScheduleCrud } from '../schedules/working-schedule.crud.js';
import { TimeSheetExportService } from './time-sheet-export.service.js';

/** A month's time sheet as CSV and XLSX (real Postgres, committed migrations); the names stand for identity's. */
describe('TimeSheetExportService', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let exports: TimeSheetExportService;
  const EMP = employee(851, [91]);
  const asked: string[] = [];
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('time_sheet_export'));
    const context = contextOf(ds);
    const activities = crudOf(
      workingActivityCrud((b) => context.forBranch(b), 'Europe/Vienna'),
      ds,
    );
    const schedules = crudOf(workingScheduleCrud('Europe/Vienna'), ds);
    exports = new TimeSheetExportService(ds, context, new BalanceService(ds, context), {
      user: async (id) => (asked.push(`user ${id}`), id === EMP.id ? 'Eva Muster' : null),
      branch: async (id) => (asked.push(`branch ${id}`), `Filiale ${id}`),
    });
    const work = (start: string, end: string, pauses: WorkingActivity['pauses'] = []) =>
      activities.create(ADMIN, {
        body: { user: EMP.id, branch: 91, kind: 'work', start, end, pauses, project: null, task: null, note: null },
      });
    // Monday 2 March 2026 in Vienna: 08:00–16:30 with half an hour's pause; 08:00–12:00 again on the 3rd
    await work('2026-03-02T07:00:00Z', '2026-03-02T15:30:00Z', [
      { start: '2026-03-02T11:00:00Z', end: '2026-03-02T11:30:00Z' },
    ]);
    await work('2026-03-03T07:00:00Z', '2026-03-03T11:00:00Z');
    // planned on the 2nd and on the 4th (not worked); another month's activity is not in the sheet
    for (const date of ['2026-03-02', '2026-03-04'])
      await schedules.create(ADMIN, {
        body: { user: EMP.id, branch: 91, date, start: '08:00', end: '16:30', breakMinutes: 30, note: null },
      });
    await work('2026-04-01T07:00:00Z', '2026-04-01T08:00:00Z');
  });
  afterAll(() => close());

  const csvRows = (base64: string) =>
    Buffer.from(base64, 'base64')
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .map((line) => line.split(';'));

  it('writes an employee’s month as CSV: a row per activity, the planned days and the running balance', async () => {
    const file = await exports.export(EMP, { month: '2026-03', format: 'csv' });
    expect(file).toMatchObject({
      filename: 'zeiten-2026-03-mitarbeiter-851.csv',
      mediaType: 'text/csv; charset=utf-8',
    });
    expect(csvRows(file.base64)).toEqual([
      // prettier-ignore
      ['Datum', 'Mitarbeiter', 'Filiale', 'Art', 'Beginn', 'Ende', 'Pausen (min)', 'Netto (min)', 'Netto', 'Hinweise', 'Geplant (min)', 'Saldo (min)'],
      ['2026-03-02', 'Eva Muster', 'Filiale 91', 'Arbeit', '08:00', '16:30', '30', '480', '8 h', '', '480', '0'],
      ['2026-03-03', 'Eva Muster', 'Filiale 91', 'Arbeit', '08:00', '12:00', '0', '240', '4 h', '', '0', '240'],
      ['2026-03-04', 'Eva Muster', '', '', '', '', '', '', '', '', '480', '-240'],
      ['Summe', '', '', '', '', '', '', '720', '12 h', '', '960', ''],
    ]);
    // each name asked once
    expect(asked.filter((x) => x === 'branch 91')).toHaveLength(1);
  });

  it('writes a branch’s month as XLSX, and keeps employees to their own sheet', async () => {
    const file = await exports.export(ADMIN, { month: '2026-03', branch: '91', format: 'xlsx' });
    expect(file.filename).toBe('zeiten-2026-03-filiale-91.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Zeiten 2026-03')!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(5).getCell(8).value).toBe(720);
    expect(await refusal(() => exports.export(EMP, { month: '2026-03', user: '852' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await refusal(() => exports.export(EMP, { month: '2026-13' })))?.code).toBe('VALIDATION_FAILED');
  });
});
