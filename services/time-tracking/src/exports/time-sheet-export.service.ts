import { Inject, Injectable } from '@nestjs/common';
import {
  CRUD_RESOURCES,
  ExportQuery,
  type Actor,
  type DayBalance,
  type JsonObject,
  type UserBalance,
} from '@shop/contracts';
import { addDays, formatDuration, localDate, netMinutes, pauseMinutes, zonedParts } from '@shop/domain';
import { format, TIME_SHEET_TEXTS, TIME_TRACKING_TEXTS } from '@shop/i18n-de';
import { parseOrThrow, requireAccess } from '@shop/server';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { BalanceService } from '../balances/balance.service.js';
import { activitiesOnDays } from '../common/branch-days.js';
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
/** a person's day: their activities' rows and the balance's day (planned, running balance) */
type Day = { rows: ActivityRow[]; balance?: DayBalance };
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
      activitiesOnDays(qb, this.context, a, from, to),
      this.balances.balances(a, byBranch ? { branch: q.branch, from, to } : { user: q.user ?? a.id, from, to }),
    ]);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(format(TIME_SHEET_TEXTS.sheet, { month: q.month }));
    sheet.addRow(EXPORT_COLUMNS);
    const total = await writeDays(sheet, daysOf(rows, sheets), namesAskedOnce(this.names, a));
    const plannedTotal = sheets.reduce((sum, s) => sum + s.plannedMinutes, 0);
    sheet.addRow([TIME_SHEET_TEXTS.total, '', '', '', '', '', '', total, formatDuration(total), '', plannedTotal, '']);
    const name = byBranch
      ? format(TIME_SHEET_TEXTS.fileOfBranch, { month: q.month, branch: String(q.branch) })
      : format(TIME_SHEET_TEXTS.fileOfEmployee, { month: q.month, user: q.user ?? a.id });
    return { filename: `${name}.${q.format}`, ...(await encode(book, q.format)) };
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

/** Each person's days: the activities on their local day, and the balance's days that are planned or worked. */
function daysOf(rows: ActivityRow[], sheets: UserBalance[]): Map<number, Map<string, Day>> {
  const days = new Map<number, Map<string, Day>>();
  const dayOf = (user: number, date: string): Day => {
    const ofUser = days.get(user) ?? new Map<string, Day>();
    days.set(user, ofUser);
    const day = ofUser.get(date) ?? { rows: [] };
    ofUser.set(date, day);
    return day;
  };
  for (const row of rows) dayOf(row.activity.userId, localDate(row.activity.start, row.timeZone)).rows.push(row);
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
      for (const [i, { activity: r, timeZone: rowZone }] of day.rows.entries()) {
        const timed = {
          kind: r.kind,
          start: r.start.toISOString(),
          end: r.end?.toISOString() ?? null,
          pauses: r.pauses,
        };
        const net = r.kind === 'work' ? netMinutes(timed) : 0;
        total += net;
        sheet.addRow([
          date,
          person,
          await names.branch(r.branchId),
          TIME_TRACKING_TEXTS.kinds[r.kind],
          hhmm(r.start, rowZone),
          r.end ? hhmm(r.end, rowZone) : '',
          Math.round(pauseMinutes(timed)),
          net,
          formatDuration(net),
          r.warnings.map((w) => w.message).join(' '),
          ...(i === day.rows.length - 1 ? planned : ['', '']),
        ]);
      }
    }
  }
  return total;
}

/** The workbook as XLSX, or as CSV with semicolons and a byte-order mark (Excel's German CSV), in base64. */
async function encode(book: ExcelJS.Workbook, format: 'csv' | 'xlsx') {
  const buffer =
    format === 'xlsx'
      ? await book.xlsx.writeBuffer()
      : await book.csv.writeBuffer({ formatterOptions: { delimiter: ';', writeBOM: true } });
  return {
    mediaType:
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    base64: Buffer.from(buffer as ArrayBuffer).toString('base64'),
  };
}
