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
import { resolveRange } from './period.js';
import { rawSql, ROLLUP_OF, UNIT_OF } from './metric-sql.js';

const HOUR_MS = 3_600_000;
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
 * GET /api/statistics/{metric}: whole hours of the range from rollup_hourly, the partial hours at its edges
 * from the raw tables (RAW_SQL), aggregated in one statement into the total, the buckets of the interval in the
 * shop's time zone (Postgres' AT TIME ZONE: a day is 23 or 25 hours on the daylight-saving days), the top list
 * and the weekday × hour grid.
 */
@Injectable()
export class MetricQueryService {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
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

  /** The source rows of a metric for [from, to): rollups for whole hours plus the raw edges. */
  sourceSql(metric: StatisticsMetric, from: Date, to: Date, params: unknown[], useRollups = true): string {
    const p = (v: unknown) => {
      params.push(v);
      return params.length;
    };
    const rollup = useRollups ? ROLLUP_OF[metric] : null;
    const h1 = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
    const h2 = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
    if (!rollup || h1 >= h2) return rawSql(metric, p(from), p(to));
    const parts = [
      `SELECT hour, branch, key, value FROM "statistics"."rollup_hourly"
       WHERE metric = $${p(rollup)} AND hour >= $${p(h1)} AND hour < $${p(h2)}`,
    ];
    if (from < h1) parts.push(rawSql(metric, p(from), p(h1)));
    if (h2 < to) parts.push(rawSql(metric, p(h2), p(to)));
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
    const source = this.sourceSql(metric, from, to, params, useRollups);
    params.push(this.config.SHOP_TIME_ZONE);
    const tz = `$${params.length}::text`;
    params.push(interval);
    const iv = `$${params.length}::text`;
    // '' is a key of its own here (a direct visit, an unknown browser); elsewhere it means "no breakdown"
    const keyed = ['referrers', 'browsers', 'operating-systems'].includes(metric);
    let scope = '';
    if (branches) {
      params.push(branches);
      scope = `WHERE branch = ANY($${params.length}::int[])`;
    }
    // a rollup row can sum to 0 (an order's revenue taken back when it was canceled): not answered, like the raw query
    const rows = (await this.ds.query(
      `WITH src AS MATERIALIZED (
         SELECT hour AT TIME ZONE ${tz} AS local, key, value FROM (${source}) s ${scope}
       )
       SELECT 'total' AS kind, NULL::timestamptz AS bucket, NULL::text AS key, NULL::int AS dow, NULL::int AS hod,
              coalesce(sum(value), 0)::text AS value FROM src
       UNION ALL
       SELECT 'series', date_trunc(${iv}, local) AT TIME ZONE ${tz}, NULL, NULL, NULL, sum(value)::text
       FROM src GROUP BY date_trunc(${iv}, local) HAVING sum(value) <> 0
       UNION ALL
       (SELECT 'breakdown', NULL, key, NULL, NULL, sum(value)::text FROM src WHERE ${keyed ? 'TRUE' : "key <> ''"}
        GROUP BY key HAVING sum(value) <> 0 ORDER BY sum(value) DESC, key LIMIT ${TOP})
       UNION ALL
       SELECT 'cells', NULL, NULL, extract(isodow FROM local)::int, extract(hour FROM local)::int, sum(value)::text
       FROM src GROUP BY 4, 5 HAVING sum(value) <> 0`,
      params,
    )) as Array<{
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
