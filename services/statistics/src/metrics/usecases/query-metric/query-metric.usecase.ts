import { Inject, Injectable } from '@nestjs/common';
import {
  STATISTICS_METRICS,
  StatisticsQuery,
  type Actor,
  type StatisticsMetric,
  type StatisticsQuantity,
  type StatisticsQuantityUnit,
  type StatisticsReply,
} from '@shop/contracts';
import { NOUNS } from '@shop/i18n-de';
import { CONFIG, DomainException, parseOrThrow, requireAccess } from '@shop/server';
import type { StatisticsConfig } from '../../../config/statistics-config.js';
import { splitItemKey, unitRank } from '../../../orders/quantity-units.js';
import { SCALE_OF, UNIT_OF } from '../../metric-sql.js';
import { MetricRepository, type MetricRow } from '../../metric.repository.js';
import { checkRange, previousRange, resolveRange } from '../../period.js';
import { QUANTITY_METRICS } from '../../rollups.js';

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

type Figures = Pick<StatisticsReply, 'total' | 'totals' | 'series' | 'breakdown' | 'cells'>;

/**
 * statistics.metric.get (GET /api/statistics/{metric}): the whole days of the range (calendar days in the shop's
 * time zone) from rollup_daily, the whole hours of its partial days from rollup_hourly, the partial hours at its
 * edges from the raw tables (RAW_SQL), aggregated in one statement into the total, the buckets of the interval in
 * the shop's time zone (Postgres' AT TIME ZONE: a day is 23 or 25 hours on the daylight-saving days), the top list
 * and the weekday × hour grid (visitor-times and order-times; the other metrics answer no cells). Total and series
 * read the keyless totals (`#hours` for keyed metrics); the top list whole weeks and months from rollup_span; the
 * grid and hourly series the hours (the grid whole months' cells). The statement: MetricRepository.rows.
 * items and popular-items answer every unit on its own (issue 41); `compare=previous` adds the total of the period
 * of equal length before (a second, total-only statement, run beside the first).
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
    const interval = q.interval ?? 'day';
    const { from, to } = resolveRange(q.from, q.to, tz);
    checkRange({ from, to }, interval);
    const before = q.compare === 'previous' ? previousRange(q, { from, to }, tz) : null;
    const [result, previous] = await Promise.all([
      this.aggregate(metric, from, to, branches, interval),
      before ? this.totalOf(metric, before.from, before.to, branches) : null,
    ]);
    return {
      metric,
      unit: UNIT_OF(metric),
      from: from.toISOString(),
      to: to.toISOString(),
      timeZone: tz,
      interval,
      ...result,
      ...(before && previous
        ? { previous: { from: before.from.toISOString(), to: before.to.toISOString(), ...previous } }
        : {}),
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
  ): Promise<Figures> {
    const tz = this.config.SHOP_TIME_ZONE;
    const rows = await this.metrics.rows({ metric, from, to, branches, interval, tz, useRollups });
    const num = this.scaled(metric);
    const quantity = QUANTITY_METRICS.has(metric);
    const unitOf = (r: MetricRow) => (quantity ? { unit: r.unit as StatisticsQuantityUnit } : {});
    // a quantity metric's rows unit by unit (pieces first); Array.sort is stable: the statement's order within
    const byUnit = (a: { unit?: string }, b: { unit?: string }) =>
      quantity ? unitRank(a.unit ?? '') - unitRank(b.unit ?? '') : 0;
    const series = rows
      .filter((r) => r.kind === 'series')
      .map((r) => ({ bucket: (r.bucket as Date).toISOString(), value: num(r.value), ...unitOf(r) }))
      .sort((a, b) => a.bucket.localeCompare(b.bucket) || byUnit(a, b));
    // in the statement's order: value, then key
    const breakdown = rows
      .filter((r) => r.kind === 'breakdown')
      .map((r) => ({
        key: quantity ? splitItemKey(r.key ?? '').name : (r.key ?? ''),
        value: num(r.value),
        ...unitOf(r),
      }))
      .sort(byUnit);
    const cells = rows
      .filter((r) => r.kind === 'cells')
      .map((r) => ({ weekday: Number(r.dow), hour: Number(r.hod), value: num(r.value) }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
    return { ...this.totalsOf(metric, rows), series, breakdown, cells };
  }

  /** The total of a metric for [from, to) alone: the period a reply is compared with. */
  async totalOf(
    metric: StatisticsMetric,
    from: Date,
    to: Date,
    branches: number[] | null,
  ): Promise<Pick<StatisticsReply, 'total' | 'totals'>> {
    const tz = this.config.SHOP_TIME_ZONE;
    const rows = await this.metrics.rows({ metric, from, to, branches, interval: 'day', tz, totalOnly: true });
    return this.totalsOf(metric, rows);
  }

  /** a value of the statement in the answer's unit, to three decimals (the work metrics sum seconds) */
  private scaled(metric: StatisticsMetric) {
    const scale = SCALE_OF(metric);
    return (v: string) => Math.round((Number(v) / scale) * 1000) / 1000;
  }

  /**
   * `total`, and for a quantity metric `totals`: its total per unit (pieces first, a unit whose quantities were all
   * taken back left out) and `total` the pieces alone — never a sum across units.
   */
  private totalsOf(metric: StatisticsMetric, rows: MetricRow[]): Pick<StatisticsReply, 'total' | 'totals'> {
    const num = this.scaled(metric);
    const totals = rows.filter((r) => r.kind === 'total');
    if (!QUANTITY_METRICS.has(metric)) return { total: num(totals[0]?.value ?? '0') };
    const perUnit: StatisticsQuantity[] = totals
      .map((r) => ({ unit: r.unit as StatisticsQuantityUnit, value: num(r.value) }))
      .filter((t) => t.value !== 0)
      .sort((a, b) => unitRank(a.unit) - unitRank(b.unit));
    return { total: perUnit.find((t) => t.unit === 'piece')?.value ?? 0, totals: perUnit };
  }
}
