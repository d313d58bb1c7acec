import { Injectable } from '@nestjs/common';
import { ExportQuery, type Actor, type JsonObject } from '@shop/contracts';
import { addDays, formatDuration, localDate, netMinutes, pauseMinutes, zonedParts } from '@shop/domain';
import { parseOrThrow, requireAccess } from '@shop/server';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { activitiesOnDays } from '../common/branch-days.js';
import { requireOwnOrManaged } from '../common/time-range.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';

const KIND_LABELS = { work: 'Arbeit', holiday: 'Urlaub', sick: 'Krankenstand', absence: 'Abwesenheit' } as const;
export const EXPORT_COLUMNS = [
  'Datum',
  'Mitarbeiter',
  'Filiale',
  'Art',
  'Beginn',
  'Ende',
  'Pausen (min)',
  'Netto (min)',
  'Netto',
  'Hinweise',
];

/**
 * A month's time sheet, per employee or for a branch, as CSV or XLSX. Both are written by exceljs (a maintained
 * library; the CSV through its fast-csv writer), so quoting and the workbook format are not ours.
 */
@Injectable()
export class TimeSheetExportService {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
  ) {}

  async export(
    actor: Actor | null,
    query: JsonObject,
  ): Promise<{ filename: string; mediaType: string; base64: string }> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(ExportQuery, query);
    requireOwnOrManaged(a, q.user, q.branch);
    // each row on its day in its own branch's zone (issue 19): the month's rows are those whose local day is in it
    const byBranch = q.branch !== undefined && q.user === undefined;
    const from = `${q.month}-01`;
    const to = addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1);
    const qb = this.ds
      .getRepository(WorkingActivityEntity)
      .createQueryBuilder('a')
      .orderBy('a."userId"')
      .addOrderBy('a.start');
    if (byBranch) qb.andWhere('a."branchId" = :branch', { branch: q.branch });
    else qb.andWhere('a."userId" = :user', { user: q.user ?? a.id });
    const rows = await activitiesOnDays(qb, this.context, a, from, to);
    const hhmm = (d: Date, zone: string) => {
      const p = zonedParts(d, zone);
      return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
    };
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(`Zeiten ${q.month}`);
    sheet.addRow(EXPORT_COLUMNS);
    let total = 0;
    for (const { activity: r, timeZone: rowZone } of rows) {
      const timed = { kind: r.kind, start: r.start.toISOString(), end: r.end?.toISOString() ?? null, pauses: r.pauses };
      const net = r.kind === 'work' ? netMinutes(timed) : 0;
      total += net;
      sheet.addRow([
        localDate(r.start, rowZone),
        r.userId,
        r.branchId,
        KIND_LABELS[r.kind],
        hhmm(r.start, rowZone),
        r.end ? hhmm(r.end, rowZone) : '',
        Math.round(pauseMinutes(timed)),
        net,
        formatDuration(net),
        r.warnings.map((w) => w.message).join(' '),
      ]);
    }
    sheet.addRow(['Summe', '', '', '', '', '', '', total, formatDuration(total), '']);
    const who = byBranch ? `filiale-${q.branch}` : `mitarbeiter-${q.user ?? a.id}`;
    const filename = `zeiten-${q.month}-${who}.${q.format}`;
    const buffer =
      q.format === 'xlsx'
        ? await book.xlsx.writeBuffer()
        : await book.csv.writeBuffer({ formatterOptions: { delimiter: ';', writeBOM: true } });
    return {
      filename,
      mediaType:
        q.format === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8',
      base64: Buffer.from(buffer as ArrayBuffer).toString('base64'),
    };
  }
}
