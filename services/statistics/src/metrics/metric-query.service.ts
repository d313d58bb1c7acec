import { Inject, Injectable } from '@nestjs/common';
import {
  STATISTICS_METRICS,
  StatisticsQuery,
  type Actor,
  type StatisticsMetric,
  type StatisticsReply,
} from '@shop/contracts';
import { CONFIG, DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { dayStart, resolveRange } from './period.js';
import { edgeSql, rawSql, ROLLUP_OF, UNIT_OF } from './metric-sql.js';
import { hoursRollupOf, localDay } from './rollups.js';

const HOUR_MS = 3_600_000;
/** the metrics answering the weekday × hour grid (`cells`; the heatmap of visits against orders) */
const GRID_METRICS: ReadonlySet<StatisticsMetric> = new Set(['visitor-times', 'order-times']);
/** breakdown rows answered (top list) */
const TOP = 100;

/** The branches a query covers: null = all (administrators without a branch), else these. */
export function scopeOf(actor: Actor | null, branch: number | undefined): number[] | null {
  if (branch !== undefined) {
    requireAccess(actor, 'statistics', [branch]);
    return [branch];
  }
  // without a branch: administrators see all, employees their own branches
  const a = requireAccess(actor, 'staff');
  return a.roles.includes('ROLE_ADMIN') ? null : a.branches;
}

/**
 * GET /api/statistics/{metric}: the whole days of the range (calendar days in the shop's time zone) from
 * rollup_daily, the whole hours of its partial days from rollup_hourly, the partial hours at its edges from the
 * raw tables (RAW_SQL), aggregated in one statement into the total, the buckets of the interval in the shop's time
 * zone (Postgres' AT TIME ZONE: a day is 23 or 25 hours on the daylight-saving days), the top list and the
 * weekday × hour grid (visitor-times and order-times; the other metrics answer no cells). The grid and hourly
 * series need the hour: they read the keyless hourly totals instead of the days (`#hours` for keyed metrics).
 */
@Injectable()
export class MetricQueryService {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  async query(actor: Actor | null, metricName: string, raw: Record<string, unknown>): Promise<StatisticsReply> {
    if (!(STATISTICS_METRICS as readonly string[]).includes(metricName)) throw DomainException.notFound('Statistik');
    const metric = metricName as StatisticsMetric;
    const q = parseOrThrow(StatisticsQuery, raw);
    const branches = scopeOf(actor, q.branch);
    const tz = this.config.SHOP_TIME_ZONE;
    const { from, to } = resolveRange(q.from, q.to, tz);
    if (to <= from) throw DomainException.of('BAD_REQUEST', 'validation.range', undefined, 'to');
    const result = await this.aggregate(metric, from, to, branches, q.interval ?? 'day');
    return {
      metric,
      unit: UNIT_OF(metric),
      from: from.toISOString(),
      to: to.toISOString(),
      timeZone: tz,
      interval: q.interval ?? 'day',
      ...result,
    };
  }

  /**
   * The source rows `(hour, branch, key, value)` of a metric for [from, to). `days`: whole local days from
   * rollup_daily (a day's row at its local midnight, keyed), the hours of partial days from rollup_hourly, raw
   * edges; otherwise the hourly layer only (keyless totals when `keyless`), for what needs the hour.
   */
  sourceSql(
    metric: StatisticsMetric,
    from: Date,
    to: Date,
    p: (v: unknown) => number,
    opts: { useRollups?: boolean; days?: boolean; keyless?: boolean } = {},
  ): string {
    const rollup = opts.useRollups === false ? null : ROLLUP_OF[metric];
    const h1 = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
    const h2 = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
    if (!rollup || h1 >= h2) return rawSql(metric, p(from), p(to));
    const tz = this.config.SHOP_TIME_ZONE;
    const hourly = (a: Date, b: Date, name = rollup) =>
      `SELECT hour, branch, key, value FROM "statistics"."rollup_hourly"
       WHERE metric = $${p(name)} AND hour >= $${p(a)} AND hour < $${p(b)}`;
    const parts: string[] = [];
    if (from < h1) parts.push(edgeSql(metric, p(from), p(h1)));
    if (h2 < to) parts.push(edgeSql(metric, p(h2), p(to)));
    const days = opts.days ? wholeDays(h1, h2, tz) : null;
    if (!days) {
      parts.push(hourly(h1, h2, opts.keyless ? hoursRollupOf(rollup) : rollup));
      return parts.join('\nUNION ALL\n');
    }
    parts.push(
      `SELECT (day::timestamp AT TIME ZONE $${p(tz)}::text) AS hour, branch, key, value FROM "statistics"."rollup_daily"
       WHERE metric = $${p(rollup)} AND day >= $${p(days.first)}::date AND day < $${p(days.end)}::date`,
    );
    if (h1 < days.from) parts.push(hourly(h1, days.from));
    if (days.to < h2) parts.push(hourly(days.to, h2));
    return parts.join('\nUNION ALL\n');
  }

  async aggregate(
    metric: StatisticsMetric,
    from: Date,
    to: Date,
    branches: number[] | null,
    interval: string,
    useRollups = true,
  ): Promise<Pick<StatisticsReply, 'total' | 'series' | 'breakdown' | 'cells'>> {
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return params.length;
    };
    // the days layer answers total, day/week/month series and the top list; the hourly layer the grid (and the
    // series by hour)
    const byDay = this.sourceSql(metric, from, to, p, { useRollups, days: true });
    // the grid belongs to the time metrics (visitor-times, order-times): the others answer none and need no hours
    // unless their series is by the hour; without rollups both are the same raw rows, asked once
    const grid = GRID_METRICS.has(metric);
    const needHours = grid || interval === 'hour';
    const byHour =
      needHours && useRollups && ROLLUP_OF[metric] ? this.sourceSql(metric, from, to, p, { keyless: true }) : null;
    const tz = `$${p(this.config.SHOP_TIME_ZONE)}::text`;
    const iv = `$${p(interval)}::text`;
    // '' is a key of its own here (a direct visit, an unknown browser); elsewhere it means "no breakdown"
    const keyed = ['referrers', 'browsers', 'operating-systems'].includes(metric);
    const scope = branches ? `WHERE branch = ANY($${p(branches)}::int[])` : '';
    const series = interval === 'hour' ? 'hours' : 'days';
    // a rollup row can sum to 0 (an order's revenue taken back when it was canceled): not answered, like the raw query
    const sql = `WITH days AS MATERIALIZED (
         SELECT hour AT TIME ZONE ${tz} AS local, key, value FROM (${byDay}) s ${scope}
       )${
         needHours
           ? `, hours AS MATERIALIZED (
         ${byHour ? `SELECT hour AT TIME ZONE ${tz} AS local, value FROM (${byHour}) s ${scope}` : 'SELECT local, value FROM days'}
       )`
           : ''
       }
       SELECT 'total' AS kind, NULL::timestamptz AS bucket, NULL::text AS key, NULL::int AS dow, NULL::int AS hod,
              coalesce(sum(value), 0)::text AS value FROM days
       UNION ALL
       SELECT 'series', date_trunc(${iv}, local) AT TIME ZONE ${tz}, NULL, NULL, NULL, sum(value)::text
       FROM ${series} GROUP BY date_trunc(${iv}, local) HAVING sum(value) <> 0
       UNION ALL
       (SELECT 'breakdown', NULL, key, NULL, NULL, sum(value)::text FROM days WHERE ${keyed ? 'TRUE' : "key <> ''"}
        GROUP BY key HAVING sum(value) <> 0 ORDER BY sum(value) DESC, key LIMIT ${TOP})
       ${
         grid
           ? `UNION ALL
       SELECT 'cells', NULL, NULL, extract(isodow FROM local)::int, extract(hour FROM local)::int, sum(value)::text
       FROM hours GROUP BY 4, 5 HAVING sum(value) <> 0`
           : ''
       }`;
    // one statement, one round trip (a transaction to set planner options cost three more; a rollup read of a
    // few thousand rows is planned without parallel workers anyway)
    const rows = (await this.ds.query(sql, params)) as Array<{
      kind: string;
      bucket: Date | null;
      key: string | null;
      dow: number | null;
      hod: number | null;
      value: string;
    }>;
    const num = (v: string) => Math.round(Number(v) * 1000) / 1000;
    return {
      total: num(rows.find((r) => r.kind === 'total')?.value ?? '0'),
      series: rows
        .filter((r) => r.kind === 'series')
        .map((r) => ({ bucket: (r.bucket as Date).toISOString(), value: num(r.value) }))
        .sort((a, b) => a.bucket.localeCompare(b.bucket)),
      breakdown: rows.filter((r) => r.kind === 'breakdown').map((r) => ({ key: r.key ?? '', value: num(r.value) })),
      cells: rows
        .filter((r) => r.kind === 'cells')
        .map((r) => ({ weekday: Number(r.dow), hour: Number(r.hod), value: num(r.value) }))
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    };
  }
}

/**
 * The whole calendar days (shop time zone) within the whole hours [h1, h2): the first day, the day after the last
 * (dates, for rollup_daily) and their instants; null when no whole day fits.
 */
export function wholeDays(h1: Date, h2: Date, tz: string): { first: string; end: string; from: Date; to: Date } | null {
  const day = localDay(tz);
  let first = day(h1);
  let start = dayStart(first, tz);
  if (start < h1) {
    start = dayStart(first, tz, 1);
    first = day(start);
  }
  const last = day(h2);
  const end = dayStart(last, tz);
  if (end <= start) return null;
  return { first, end: last, from: start, to: end };
}
