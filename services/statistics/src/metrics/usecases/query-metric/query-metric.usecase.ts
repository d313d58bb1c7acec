import { Inject, Injectable } from '@nestjs/common';
import {
  STATISTICS_METRICS,
  StatisticsQuery,
  type Actor,
  type StatisticsMetric,
  type StatisticsReply,
} from '@shop/contracts';
import { NOUNS } from '@shop/i18n-de';
import { CONFIG, DomainException, parseOrThrow, requireAccess } from '@shop/server';
import type { StatisticsConfig } from '../../../config/statistics-config.js';
import { SCALE_OF, UNIT_OF } from '../../metric-sql.js';
import { MetricRepository } from '../../metric.repository.js';
import { resolveRange } from '../../period.js';

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
 * statistics.metric.get (GET /api/statistics/{metric}): the whole days of the range (calendar days in the shop's
 * time zone) from rollup_daily, the whole hours of its partial days from rollup_hourly, the partial hours at its
 * edges from the raw tables (RAW_SQL), aggregated in one statement into the total, the buckets of the interval in
 * the shop's time zone (Postgres' AT TIME ZONE: a day is 23 or 25 hours on the daylight-saving days), the top list
 * and the weekday × hour grid (visitor-times and order-times; the other metrics answer no cells). Total and series
 * read the keyless totals (`#hours` for keyed metrics); the top list whole weeks and months from rollup_span; the
 * grid and hourly series the hours (the grid whole months' cells). The statement: MetricRepository.rows.
 */
@Injectable()
export class QueryMetric {
  constructor(
    private readonly metrics: MetricRepository,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  async execute(actor: Actor | null, metricName: string, raw: Record<string, unknown>): Promise<StatisticsReply> {
    if (!(STATISTICS_METRICS as readonly string[]).includes(metricName))
      throw DomainException.notFound(NOUNS.statistic);
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

  /** The figures of a metric for [from, to) (`useRollups` false: all from the raw tables, to compare). */
  async aggregate(
    metric: StatisticsMetric,
    from: Date,
    to: Date,
    branches: number[] | null,
    interval: string,
    useRollups = true,
  ): Promise<Pick<StatisticsReply, 'total' | 'series' | 'breakdown' | 'cells'>> {
    const tz = this.config.SHOP_TIME_ZONE;
    const rows = await this.metrics.rows({ metric, from, to, branches, interval, tz, useRollups });
    const scale = SCALE_OF(metric);
    const num = (v: string) => Math.round((Number(v) / scale) * 1000) / 1000;
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
