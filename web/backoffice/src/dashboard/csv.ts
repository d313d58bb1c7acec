import type { StatisticsReply } from '@shop/contracts';
import { formatNumber, formatQuantityNumber } from '@shop/domain';
import { STATISTICS_UI_TEXTS as U, WEEKDAY_NAMES } from '@shop/i18n-de';
import { formatBucket, unitLabel } from './format';
import { periodBuckets, toCsv, type Period, type SeriesInterval } from './period';

type Row = Array<string | number>;
const WEEKDAYS = Object.values(WEEKDAY_NAMES);

/** A figure as a cell: de-AT decimals, money in euros (the heading says EUR), no thousands dots to trip a sheet. */
function cell(v: number, reply: StatisticsReply): string {
  if (reply.unit === 'cents') return formatNumber(v / 100, 2).replace(/\./g, '');
  if (reply.unit === 'hours') return formatNumber(v, 2).replace(/\./g, '');
  return formatQuantityNumber(v, 3).replace(/\./g, '');
}

const valueHeading = (reply: StatisticsReply) => (reply.unit === 'cents' ? `${U.csvValue} (EUR)` : U.csvValue);

/**
 * A chart's figures as CSV (';', de-AT dates and decimals, UTF-8 with BOM so a spreadsheet reads the umlauts):
 * the top list, else the weekday × hour grid, else the series over every bucket of the period (0 where nothing
 * happened, as the chart shows it). Quantities carry their unit in a column of its own.
 */
export function metricCsv(reply: StatisticsReply, period: Period, interval: SeriesInterval): string {
  const quantity = reply.unit === 'quantity';
  const unitCol = (u: Parameters<typeof unitLabel>[0]): Row => (quantity ? [unitLabel(u)] : []);
  const unitHead: Row = quantity ? [U.unit] : [];
  let rows: Row[];
  if (reply.breakdown.length) {
    rows = [
      [U.csvKey, ...unitHead, valueHeading(reply)],
      ...reply.breakdown.map((b) => [b.key, ...unitCol(b.unit), cell(b.value, reply)]),
    ];
  } else if (reply.cells.length) {
    rows = [
      [U.weekday, U.hour, valueHeading(reply)],
      ...reply.cells.map((c) => [WEEKDAYS[c.weekday - 1] ?? String(c.weekday), c.hour, cell(c.value, reply)]),
    ];
  } else {
    const units = quantity ? [...new Set(reply.series.map((s) => s.unit))] : [undefined];
    const at = (t: number, u: (typeof units)[number]) =>
      reply.series.find((s) => Date.parse(s.bucket) === t && s.unit === u)?.value ?? 0;
    rows = [[U.csvTime, ...unitHead, valueHeading(reply)]];
    for (const t of periodBuckets(period, interval))
      for (const u of units) rows.push([formatBucket(t, interval), ...unitCol(u), cell(at(t, u), reply)]);
  }
  return '\uFEFF' + toCsv(rows, ';');
}

/** The file's name: `<metric>_<from>_<to>.csv`. */
export const csvName = (name: string, p: Period): string => `${name}_${p.from}_${p.to}.csv`;

/** Hands a CSV text to the browser as a download. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
