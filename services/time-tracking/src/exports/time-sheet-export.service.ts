import { Inject, Injectable } from '@nestjs/common';
import {
  CRUD_RESOURCES,
  ExportQuery,
  type Actor,
  type DayBalance,
  type JsonObject,
  type UserBalance,
} from '@shop/contracts';
import { activityDayParts, addDays, formatDuration, zonedParts, type ActivityDayPart } from '@shop/domain';
import { format, TIME_SHEET_TEXTS, TIME_TRACKING_TEXTS } from '@shop/i18n-de';
import { parseOrThrow, requireAccess } from '@shop/server';
import type ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { BalanceService } from '../balances/balance.service.js';
import { activitiesTouchingDays } from '../common/branch-days.js';
import { requireOwnOrManaged } from '../common/time-range.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { SHEET_NAMES, type SheetNames } from './sheet-names.js';

const COLUMNS = TIME_SHEET_TEXTS.columns;
const EXPORT_COLUMNS = [
  COLUMNS.date,
  COLUMNS.employee,
  CRUD_RESOURCES.branches.label,
  COLUMNS.kind,
  COLUMNS.start,
  COLUMNS.end,
  COLUMNS.pauseMinutes,
  COLUMNS.netMinutes,
  COLUMNS.net,
  COLUMNS.warnings,
  COLUMNS.plannedMinutes,
  COLUMNS.balanceMinutes,
];

type ActivityRow = { activity: WorkingActivityEntity; timeZone: string };
/** one local day's part of an activity (issue 41: night work is cut at midnight) */
type PartRow = ActivityRow & { part: ActivityDayPart; first: boolean };
/** a person's day: their activities' rows and the balance's day (planned, running balance) */
type Day = { rows: PartRow[]; balance?: DayBalance };
const monthStart = (month: string) => new Date(`${month}-01T00:00:00.000Z`);
type Names = { user(id: number): Promise<string>; branch(id: number): Promise<string> };

/**
 * A month's time sheet, per employee or for a branch, as CSV or XLSX: one row per activity with the person's and
 * the branch's names, and per person and day the planned minutes and the running balance of the time sheet
 * (BalanceService, the same days) on the day's last row; a planned day without activity has a row of its own.
 * Both formats are written by exceljs (a maintained library; the CSV through its fast-csv writer), so quoting and
 * the workbook format are not ours.
 */
@Injectable()
export class TimeSheetExportService {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
    private readonly balances: BalanceService,
    @Inject(SHEET_NAMES) private readonly names: SheetNames,
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
    const [rows, sheets] = await Promise.all([
      activitiesTouchingDays(qb, this.context, a, from, to),
      this.balances.balances(a, byBranch ? { branch: q.branch, from, to } : { user: q.user ?? a.id, from, to }),
    ]);
    // loaded with the first export, not at every start: 39 MB resident, 9 MB of heap and 0.3–1.4 s to load here
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    // issue 41: the file of a month is the same bytes on every export of the same data (a closed month's export is
    // reproducible): the workbook's dates are the month's first instant, not the time of the export
    book.created = book.modified = monthStart(q.month);
    book.creator = book.lastModifiedBy = '';
    const sheet = book.addWorksheet(format(TIME_SHEET_TEXTS.sheet, { month: q.month }));
    sheet.addRow(EXPORT_COLUMNS);
    const total = await writeDays(sheet, daysOf(rows, sheets, from, to), namesAskedOnce(this.names, a));
    const plannedTotal = sheets.reduce((sum, s) => sum + s.plannedMinutes, 0);
    sheet.addRow([TIME_SHEET_TEXTS.total, '', '', '', '', '', '', total, formatDuration(total), '', plannedTotal, '']);
    const name = byBranch
      ? format(TIME_SHEET_TEXTS.fileOfBranch, { month: q.month, branch: String(q.branch) })
      : format(TIME_SHEET_TEXTS.fileOfEmployee, { month: q.month, user: q.user ?? a.id });
    return { filename: `${name}.${q.format}`, ...(await encode(book, q.format, monthStart(q.month))) };
  }
}

const hhmm = (d: Date, zone: string) => {
  const p = zonedParts(d, zone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

/** The names of people and branches, each asked once per export on behalf of the staff member (the id if none). */
function namesAskedOnce(names: SheetNames, a: Actor): Names {
  const userNames = new Map<number, Promise<string>>();
  const branchNames = new Map<number, Promise<string>>();
  const nameOf = (cache: Map<number, Promise<string>>, id: number, ask: SheetNames['user']) => {
    const known = cache.get(id);
    if (known) return known;
    const asked = ask(id, a).then((name) => name ?? String(id));
    cache.set(id, asked);
    return asked;
  };
  return { user: (id) => nameOf(userNames, id, names.user), branch: (id) => nameOf(branchNames, id, names.branch) };
}

/**
 * Each person's days: the parts of their activities on each local day of [from, to] (night work on the days it was
 * worked, an absence on each day it covers), and the balance's days that are planned or worked.
 */
function daysOf(rows: ActivityRow[], sheets: UserBalance[], from: string, to: string): Map<number, Map<string, Day>> {
  const days = new Map<number, Map<string, Day>>();
  const dayOf = (user: number, date: string): Day => {
    const ofUser = days.get(user) ?? new Map<string, Day>();
    days.set(user, ofUser);
    const day = ofUser.get(date) ?? { rows: [] };
    ofUser.set(date, day);
    return day;
  };
  for (const row of rows)
    activityDayParts(timedOf(row.activity), row.timeZone).forEach((part, i) => {
      if (part.date >= from && part.date <= to)
        dayOf(row.activity.userId, part.date).rows.push({ ...row, part, first: i === 0 });
    });
  for (const sheet of sheets)
    for (const d of sheet.days)
      if (d.plannedMinutes > 0 || days.get(sheet.user)?.has(d.date)) dayOf(sheet.user, d.date).balance = d;
  return days;
}

/** The rows of every person's days, by person and date; answers the net minutes worked in all. */
async function writeDays(sheet: ExcelJS.Worksheet, days: Map<number, Map<string, Day>>, names: Names) {
  let total = 0;
  for (const [user, ofUser] of [...days].sort(([x], [y]) => x - y)) {
    const person = await names.user(user);
    for (const [date, day] of [...ofUser].sort(([x], [y]) => x.localeCompare(y))) {
      const planned = day.balance ? [day.balance.plannedMinutes, day.balance.balanceMinutes] : ['', ''];
      if (day.rows.length === 0) sheet.addRow([date, person, '', '', '', '', '', '', '', '', ...planned]);
      for (const [i, { activity: r, timeZone: rowZone, part, first }] of day.rows.entries()) {
        const net = part.netMinutes;
        total += net;
        sheet.addRow([
          date,
          person,
          await names.branch(r.branchId),
          TIME_TRACKING_TEXTS.kinds[r.kind],
          hhmm(new Date(part.start), rowZone),
          part.end === null ? '' : part.endsAtMidnight ? '24:00' : hhmm(new Date(part.end), rowZone),
          part.pauseMinutes,
          net,
          formatDuration(net),
          // the law warnings once, on the activity's first day
          first ? r.warnings.map((w) => w.message).join(' ') : '',
          ...(i === day.rows.length - 1 ? planned : ['', '']),
        ]);
      }
    }
  }
  return total;
}

const timedOf = (r: WorkingActivityEntity) => ({
  kind: r.kind,
  start: r.start.toISOString(),
  end: r.end?.toISOString() ?? null,
  pauses: r.pauses,
});

/**
 * The workbook as XLSX, or as CSV with semicolons and a byte-order mark (Excel's German CSV), in base64. The
 * XLSX's zip entries carry `at` as their modification time (exceljs' zip library stamps them with the time of
 * writing, which would make two exports of the same month differ).
 */
async function encode(book: ExcelJS.Workbook, format: 'csv' | 'xlsx', at: Date) {
  const buffer =
    format === 'xlsx'
      ? stampZipEntries(Buffer.from(await book.xlsx.writeBuffer()), at)
      : await book.csv.writeBuffer({ formatterOptions: { delimiter: ';', writeBOM: true } });
  return {
    mediaType:
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    base64: Buffer.from(buffer as ArrayBuffer).toString('base64'),
  };
}

/** The zip signatures (PKWARE's APPNOTE 4.3.7, 4.3.12, 4.3.16). */
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/**
 * Sets every entry's DOS modification time and date of a zip (local header and central directory) to `at` (UTC),
 * walking the central directory from its end record; sizes and checksums do not depend on them.
 */
export function stampZipEntries(zip: Buffer, at: Date): Buffer {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1);
  const date = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  let entry = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    if (zip.readUInt32LE(entry) !== CENTRAL_HEADER) throw new Error('not a zip: bad central directory');
    zip.writeUInt16LE(time, entry + 12);
    zip.writeUInt16LE(date, entry + 14);
    const local = zip.readUInt32LE(entry + 42);
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error('not a zip: bad local header');
    zip.writeUInt16LE(time, local + 10);
    zip.writeUInt16LE(date, local + 12);
    entry += 46 + zip.readUInt16LE(entry + 28) + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
  }
  return zip;
}
