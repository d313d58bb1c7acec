import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
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
import { bind, edgeSql, OPEN_SQL, rawSql, ROLLUP_OF, SCALE_OF, UNIT_OF } from './metric-sql.js';
import {
  addDays,
  ALL_BRANCHES,
  gridRollupOf,
  hoursRollupOf,
  KEYED_ROLLUPS,
  localDay,
  spanStart,
  type Span,
} from './rollups.js';

const HOUR_MS = 3_600_000;
/** the metrics answering the weekday × hour grid (`cells`; the heatmap of visits against orders) */
const GRID_METRICS: ReadonlySet<StatisticsMetric> = new Set(['visitor-times', 'order-times']);
/** The parts of a metric's statement (see `sources`): SQL built when asked, so only used parameters are bound. */
interface Sources {
  raw?: string;
  edge?: string;
  days(): string;
  keys(): string;
  hours(): string;
  cells(): string;
}
/** distinct statement shapes prepared per process (each connection holds those it ran) */
const PREPARED_MAX = 500;
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
 * weekday × hour grid (visitor-times and order-times; the other metrics answer no cells). Total and series read
 * the keyless totals (`#hours` for keyed metrics); the top list whole weeks and months from rollup_span; the grid
 * and hourly series the hours (the grid whole months' cells). See `sources`.
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
   * The statement answering a metric for [from, to): its CTEs `days` (local, value: the total and the series by
   * day, week or month), `keys` (key, value: the top list), and where needed `hours` (local, value: the series by
   * hour) and `cells` (dow, hod, value: the grid). From the rollups: the minutes at the range's edges raw (RAW_SQL,
   * or EDGE_SQL; once, in `edge`), the hours of its partial days from rollup_hourly, its whole days from
   * rollup_daily; the top list of a keyed metric reads whole weeks and months from rollup_span, the grid whole
   * months' cells. Keyless totals (`#hours`) answer what needs no key. Without rollups every CTE is the raw rows.
   */
  private sources(
    metric: StatisticsMetric,
    from: Date,
    to: Date,
    p: (v: unknown) => number,
    useRollups: boolean,
    tz: string,
    allBranches: boolean,
  ): Sources {
    const rollup = useRollups ? ROLLUP_OF[metric] : null;
    const h1 = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
    const h2 = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
    const cellsOf = (rows: string) =>
      `SELECT extract(isodow FROM hour AT TIME ZONE $${p(tz)}::text)::int AS dow,
         extract(hour FROM hour AT TIME ZONE $${p(tz)}::text)::int AS hod, branch, value FROM ${rows} h`;
    if (!rollup || h1 >= h2)
      return {
        raw: rawSql(metric, p(from), p(to)),
        days: () => 'src',
        keys: () => 'src',
        hours: () => 'src',
        cells: () => cellsOf('src'),
      };
    const keyless = hoursRollupOf(rollup);
    const hourly = (a: Date, b: Date, name: string, sign = '') =>
      `SELECT hour, branch, key, ${sign}value AS value FROM "statistics"."rollup_hourly"
       WHERE metric = $${p(name)} AND hour >= $${p(a)} AND hour < $${p(b)}`;
    const daily = (a: string, b: string, name: string) =>
      `SELECT (day::timestamp AT TIME ZONE $${p(tz)}::text) AS hour, branch, key, value FROM "statistics"."rollup_daily"
       WHERE metric = $${p(name)} AND day >= $${p(a)}::date AND day < $${p(b)}::date`;
    // rollup_span: over all branches (one row per key) when all are asked, else the branches' own rows; the
    // weekday × hour grid has no such sums
    const span = (sp: Span | 'day', a: string, b: string, name: string, sums = false) =>
      sp === 'day'
        ? daily(a, b, name)
        : `SELECT NULL::timestamptz AS hour, ${sums ? 'NULL::int' : 'branch'} AS branch, key, value
       FROM "statistics"."rollup_span" WHERE metric = $${p(name)} AND span = $${p(sp)}
         AND start >= $${p(a)}::date AND start < $${p(b)}::date AND branch ${sums ? '=' : '<>'} ${ALL_BRANCHES}`;
    const edges: string[] = [];
    if (from < h1) edges.push(edgeSql(metric, p(from), p(h1)));
    if (h2 < to) edges.push(edgeSql(metric, p(h2), p(to)));
    // what the rollups leave out of the whole hours (the running work periods)
    const open = OPEN_SQL[metric];
    if (open) edges.push(bind(open, p(h1), p(h2)));
    const edge = edges.length ? edges.join('\nUNION ALL\n') : undefined;
    const withEdge = (parts: string[]) =>
      `(${[...parts, ...(edge ? ['SELECT * FROM edge'] : [])].join('\nUNION ALL\n')})`;
    const days = wholeDays(h1, h2, tz);
    /** rollup_hourly from a to b, less the whole days */
    const hoursBetween = (a: Date, b: Date, name: string) =>
      days
        ? [...(a < days.from ? [hourly(a, days.from, name)] : []), ...(days.to < b ? [hourly(days.to, b, name)] : [])]
        : [hourly(a, b, name)];
    const byDay = (name: string) => [
      ...(days ? [daily(days.first, days.end, name)] : []),
      ...hoursBetween(h1, h2, name),
    ];
    // the top list of a keyed metric: whole months and weeks from rollup_span, the days between them daily
    // a metric without keys has no top list: nothing to read
    const keys = () =>
      !KEYED_ROLLUPS.has(rollup)
        ? `(SELECT NULL::timestamptz AS hour, 0 AS branch, ''::text AS key, 0::numeric AS value WHERE FALSE)`
        : days
          ? withEdge([
              ...splitSpans(days.first, days.end).map((x) => span(x.span, x.a, x.b, rollup, allBranches)),
              ...hoursBetween(h1, h2, rollup),
            ])
          : withEdge(byDay(rollup));
    // the grid by calendar month (gridMonths): a month's 168 cells from rollup_span, less its hours outside the
    // range, or the hours of the range in it
    const cells = () => {
      const hours: string[] = [];
      const months: string[] = [];
      for (const m of gridMonths(h1, h2, tz)) {
        if (!m.cells) {
          hours.push(hourly(m.a, m.b, keyless));
          continue;
        }
        months.push(span('month', m.month, addDays(m.month, 1), gridRollupOf(rollup)));
        if (m.start < m.a) hours.push(hourly(m.start, m.a, keyless, '-'));
        if (m.b < m.end) hours.push(hourly(m.b, m.end, keyless, '-'));
      }
      return [
        ...(hours.length || edge ? [cellsOf(withEdge(hours))] : []),
        ...months.map(
          (g) => `SELECT split_part(key, ':', 1)::int, split_part(key, ':', 2)::int, branch, value FROM (${g}) g`,
        ),
      ].join('\nUNION ALL\n');
    };
    return {
      edge,
      days: () => withEdge(byDay(keyless)),
      keys,
      hours: () => withEdge([hourly(h1, h2, keyless)]),
      cells,
    };
  }

  /** statement names prepared so far (on each pooled connection when first used there) */
  private readonly prepared = new Set<string>();

  /**
   * A statement as a named prepared statement: each connection parses and plans a shape once (a range's shape:
   * the metric, which layers and edges it reads), instead of planning some twenty subqueries on every call; the
   * parameters change, the plan is Postgres' generic one after its first calls. Past PREPARED_MAX shapes, unnamed.
   */
  private async run(sql: string, params: unknown[]): Promise<unknown[]> {
    const name = `stat_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (!this.prepared.has(name) && this.prepared.size >= PREPARED_MAX) return this.ds.query(sql, params);
    this.prepared.add(name);
    const runner = this.ds.createQueryRunner();
    try {
      const client = (await runner.connect()) as {
        query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
      };
      return (await client.query({ name, text: sql, values: params })).rows;
    } finally {
      await runner.release();
    }
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
    const tzName = this.config.SHOP_TIME_ZONE;
    const src = this.sources(metric, from, to, p, useRollups, tzName, !branches);
    const tz = `$${p(tzName)}::text`;
    const iv = `$${p(interval)}::text`;
    // '' is a key of its own here (a direct visit, an unknown browser); elsewhere it means "no breakdown"
    const keyed = ['referrers', 'browsers', 'operating-systems'].includes(metric);
    const scope = branches ? `WHERE branch = ANY($${p(branches)}::int[])` : '';
    // the grid belongs to the time metrics (visitor-times, order-times); the others answer none
    const grid = GRID_METRICS.has(metric);
    const series = interval === 'hour' ? 'hours' : 'days';
    // raw rows (`src`) and the raw edges are read once (materialized) and seen by every part
    const ctes = [
      ...(src.raw ? [`src AS MATERIALIZED (${src.raw})`] : []),
      ...(src.edge ? [`edge AS MATERIALIZED (${src.edge})`] : []),
      `days AS MATERIALIZED (SELECT hour AT TIME ZONE ${tz} AS local, value FROM ${src.days()} s ${scope})`,
      `keys AS (SELECT key, value FROM ${src.keys()} s ${scope})`,
      ...(series === 'hours'
        ? [`hours AS (SELECT hour AT TIME ZONE ${tz} AS local, value FROM ${src.hours()} s ${scope})`]
        : []),
      ...(grid ? [`cells AS (SELECT dow, hod, value FROM (${src.cells()}) c ${scope})`] : []),
    ];
    // a rollup row can sum to 0 (an order's revenue taken back when it was canceled): not answered, like the raw query
    const sql = `WITH ${ctes.join(',\n')}
       SELECT 'total' AS kind, NULL::timestamptz AS bucket, NULL::text AS key, NULL::int AS dow, NULL::int AS hod,
              coalesce(sum(value), 0)::text AS value FROM days
       UNION ALL
       SELECT 'series', date_trunc(${iv}, local) AT TIME ZONE ${tz}, NULL, NULL, NULL, sum(value)::text
       FROM ${series} GROUP BY date_trunc(${iv}, local) HAVING sum(value) <> 0
       UNION ALL
       (SELECT 'breakdown', NULL, key, NULL, NULL, sum(value)::text FROM keys WHERE ${keyed ? 'TRUE' : "key <> ''"}
        GROUP BY key HAVING sum(value) <> 0 ORDER BY sum(value) DESC, key LIMIT ${TOP})
       ${
         grid
           ? `UNION ALL
       SELECT 'cells', NULL, NULL, dow, hod, sum(value)::text FROM cells GROUP BY 4, 5 HAVING sum(value) <> 0`
           : ''
       }`;
    // one statement, one round trip (a transaction to set planner options cost three more; a rollup read of a
    // few thousand rows is planned without parallel workers anyway)
    const rows = (await this.run(sql, params)) as Array<{
      kind: string;
      bucket: Date | null;
      key: string | null;
      dow: number | null;
      hod: number | null;
      value: string;
    }>;
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

/**
 * The calendar months (shop time zone) the whole hours [h1, h2) touch, each with the part of it in the range
 * [a, b) and whether its grid is read from the month's cells (`#grid`: 168 per branch) less its hours outside the
 * range (those up to `now`: later hours have no rows): when that reads fewer hours than the range's own, as for a
 * whole month or the current month of "the last 30 days".
 */
export function gridMonths(
  h1: Date,
  h2: Date,
  tz: string,
  now = Date.now(),
): Array<{ month: string; start: Date; end: Date; a: Date; b: Date; cells: boolean }> {
  const months = [];
  const hoursOf = (x: number, y: number) => Math.max(0, y - x) / HOUR_MS;
  for (let month = spanStart('month', localDay(tz)(h1)), start = dayStart(month, tz); start < h2;) {
    const next = spanStart('month', addDays(month, 31));
    const end = dayStart(next, tz);
    const a = start > h1 ? start : h1;
    const b = end < h2 ? end : h2;
    const outside = hoursOf(start.getTime(), a.getTime()) + hoursOf(b.getTime(), Math.min(end.getTime(), now));
    months.push({ month, start, end, a, b, cells: outside + 168 < hoursOf(a.getTime(), b.getTime()) });
    month = next;
    start = end;
  }
  return months;
}

/** The whole calendar months within the days [first, end) (dates; `b` exclusive), or null. */
export function wholeMonths(first: string, end: string): { a: string; b: string } | null {
  const a = spanStart('month', first) === first ? first : spanStart('month', addDays(spanStart('month', first), 31));
  const b = spanStart('month', end);
  return a < b ? { a, b } : null;
}

/**
 * The days [first, end) as whole months, then whole weeks (from Monday) within what is left on either side, then
 * single days: the fewest rollup_span and rollup_daily rows for a long range's top list.
 */
export function splitSpans(first: string, end: string): Array<{ span: Span | 'day'; a: string; b: string }> {
  const spans: Array<{ span: Span | 'day'; a: string; b: string }> = [];
  const weeks = (a: string, b: string) => {
    if (a >= b) return;
    const wa = spanStart('week', a) === a ? a : addDays(spanStart('week', a), 7);
    const wb = spanStart('week', b);
    if (wa < wb) {
      if (a < wa) spans.push({ span: 'day', a, b: wa });
      spans.push({ span: 'week', a: wa, b: wb });
      if (wb < b) spans.push({ span: 'day', a: wb, b });
    } else spans.push({ span: 'day', a, b });
  };
  const m = wholeMonths(first, end);
  if (!m) weeks(first, end);
  else {
    weeks(first, m.a);
    spans.push({ span: 'month', a: m.a, b: m.b });
    weeks(m.b, end);
  }
  return spans;
}
