import { Injectable } from '@nestjs/common';
import type { StatisticsMetric } from '@shop/contracts';
import { GenerateSql, queryPrepared, type GenerateSqlOptions } from '@shop/server';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { sourcesOf, type MetricAsk } from './metric-sources.js';
import { QUANTITY_METRICS } from './rollups.js';

export type { MetricAsk } from './metric-sources.js';

/** the metrics answering the weekday × hour grid (`cells`; the heatmap of visits against orders) */
export const GRID_METRICS: ReadonlySet<StatisticsMetric> = new Set(['visitor-times', 'order-times']);
/** distinct statement shapes prepared per process (each connection holds those it ran) */
const PREPARED_MAX = 500;
/** breakdown rows answered (top list) */
const TOP = 100;

/**
 * One row of a metric's statement: the total, a bucket of the series, a key of the top list or a grid cell; `unit`
 * the quantity unit of a quantity metric's row (items, popular-items: each unit on its own), else ''.
 */
export interface MetricRow {
  kind: 'total' | 'series' | 'breakdown' | 'cells';
  bucket: Date | null;
  key: string | null;
  dow: number | null;
  hod: number | null;
  value: string;
  unit: string;
}

const TZ = 'Europe/Vienna';
const ask = (o: Partial<MetricAsk> & Pick<MetricAsk, 'metric' | 'from' | 'to'>): [MetricAsk] => [
  { branches: null, interval: 'day', tz: TZ, ...o },
];

/** The shapes of statement a range can take, for the snapshot (past ranges: `now` cuts no month short). */
const ROWS_EXAMPLES: GenerateSqlOptions[] = [
  {
    name: 'minutes at the edges, hours and whole days',
    params: ask({ metric: 'orders', from: new Date('2026-03-02T10:17:00Z'), to: new Date('2026-03-05T14:43:00Z') }),
  },
  {
    name: 'a keyed metric of two branches by hour',
    params: ask({
      metric: 'pages',
      from: new Date('2026-03-02T10:17:00Z'),
      to: new Date('2026-03-03T14:43:00Z'),
      branches: [1, 2],
      interval: 'hour',
    }),
  },
  {
    name: 'a top list over whole weeks and months, with the running work periods',
    params: ask({
      metric: 'working-activities',
      from: new Date('2026-02-20T10:17:00Z'),
      to: new Date('2026-04-15T14:43:00Z'),
    }),
  },
  {
    name: 'the grid of whole calendar months',
    params: ask({
      metric: 'order-times',
      from: new Date('2026-02-28T23:00:00Z'),
      to: new Date('2026-04-30T22:00:00Z'),
      interval: 'month',
    }),
  },
  {
    name: 'the grid of a month less its hours outside the range',
    params: ask({
      metric: 'visitor-times',
      from: new Date('2026-03-03T10:17:00Z'),
      to: new Date('2026-03-31T14:43:00Z'),
    }),
  },
  {
    name: 'the visitors at the edges from their earlier events',
    params: ask({
      metric: 'unique-visitors',
      from: new Date('2026-03-02T10:17:00Z'),
      to: new Date('2026-03-02T14:43:00Z'),
    }),
  },
  {
    name: 'the items per unit, their total only (the period compared with)',
    params: ask({
      metric: 'popular-items',
      from: new Date('2026-02-20T10:17:00Z'),
      to: new Date('2026-04-15T14:43:00Z'),
      totalOnly: true,
    }),
  },
  {
    name: 'the top list of the items per unit by hour',
    params: ask({
      metric: 'popular-items',
      from: new Date('2026-03-02T10:17:00Z'),
      to: new Date('2026-03-03T14:43:00Z'),
      interval: 'hour',
    }),
  },
  {
    name: 'raw tables only',
    params: ask({
      metric: 'referrers',
      from: new Date('2026-03-02T10:17:00Z'),
      to: new Date('2026-03-05T14:43:00Z'),
      useRollups: false,
    }),
  },
];

/** The statement of a metric for a range (see `rows`), assembled from the layers it reads. */
@Injectable()
export class MetricRepository {
  constructor(private readonly ds: DataSource) {}

  /** statement names prepared so far (on each pooled connection when first used there) */
  private readonly prepared = new Set<string>();

  /**
   * The statement answering a metric for [from, to): its CTEs `days` (local, unit, value: the total and the series
   * by day, week or month), `keys` (key, unit, value: the top list), and where needed `hours` (hour, unit, value:
   * the series by hour) and `cells` (dow, hod, value: the grid). From the rollups: the minutes at the range's edges
   * raw (RAW_SQL, or EDGE_SQL; once, in `edge`), the hours of its partial days from rollup_hourly, its whole days
   * from rollup_daily; the top list of a keyed metric reads whole weeks and months from rollup_span, the grid whole
   * months' cells. Keyless totals (`#hours`) answer what needs no key. Without rollups every CTE is the raw rows.
   * `unit` is '' but for the quantity metrics (items, popular-items), whose total, series and top list are per unit
   * (issue 41). `totalOnly`: `days` and the total alone (the period compared with).
   * One statement, one round trip (a transaction to set planner options cost three more; a rollup read of a few
   * thousand rows is planned without parallel workers anyway).
   */
  @GenerateSql(...ROWS_EXAMPLES)
  rows(a: MetricAsk): Promise<MetricRow[]> {
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return params.length;
    };
    const src = sourcesOf(a, p);
    const tz = `$${p(a.tz)}::text`;
    // '' is a key of its own here (a direct visit, an unknown browser); elsewhere it means "no breakdown"
    const keyed = ['referrers', 'browsers', 'operating-systems'].includes(a.metric);
    const scope = a.branches ? `WHERE branch = ANY($${p(a.branches)}::int[])` : '';
    // a quantity metric's rows name their unit: the key of its totals, the first part of an item's key
    const quantity = QUANTITY_METRICS.has(a.metric);
    const unit = quantity ? `split_part(key, chr(31), 1)` : `''::text`;
    // the grid belongs to the time metrics (visitor-times, order-times); the others answer none
    const grid = GRID_METRICS.has(a.metric) && !a.totalOnly;
    const series = a.interval === 'hour' ? 'hours' : 'days';
    // raw rows (`src`) and the raw edges are read once (materialized) and seen by every part
    const ctes = [
      ...(src.raw ? [`src AS MATERIALIZED (${src.raw})`] : []),
      ...(src.edge ? [`edge AS MATERIALIZED (${src.edge})`] : []),
      `days AS MATERIALIZED (SELECT hour AT TIME ZONE ${tz} AS local, ${unit} AS unit, value FROM ${src.days()} s ${scope})`,
      ...(a.totalOnly
        ? []
        : [
            `keys AS (SELECT key, ${unit} AS unit, value FROM ${src.keys()} s ${scope})`,
            ...(series === 'hours'
              ? [`hours AS (SELECT hour, ${unit} AS unit, value FROM ${src.hours()} s ${scope})`]
              : []),
          ]),
      ...(grid ? [`cells AS (SELECT dow, hod, value FROM (${src.cells()}) c ${scope})`] : []),
    ];
    const parts = [
      `SELECT 'total' AS kind, NULL::timestamptz AS bucket, NULL::text AS key, NULL::int AS dow, NULL::int AS hod,
              coalesce(sum(value), 0)::text AS value, unit FROM days GROUP BY unit`,
    ];
    if (!a.totalOnly) {
      // the buckets: an hour is the hour itself (the shop's zone has whole-hour offsets, so each is an hour of its
      // clock; the hour repeated when daylight saving ends is two buckets, not one of two hours); a day, week or
      // month starts at its local midnight
      // (a parameter is bound only where the statement uses it: a prepared statement takes no more)
      const iv = () => `$${p(a.interval)}::text`;
      parts.push(
        series === 'hours'
          ? `SELECT 'series', hour, NULL, NULL, NULL, sum(value)::text, unit
       FROM hours GROUP BY hour, unit HAVING sum(value) <> 0`
          : `SELECT 'series', date_trunc(${iv()}, local) AT TIME ZONE ${tz}, NULL, NULL, NULL, sum(value)::text, unit
       FROM days GROUP BY 2, unit HAVING sum(value) <> 0`,
      );
      // a rollup row can sum to 0 (an order's revenue taken back when it was canceled): not answered, like the raw
      // query; the items' top list is one per unit (grams do not outrank pieces), of item keys (items' raw rows are
      // keyed by the unit alone: no top list)
      parts.push(
        quantity
          ? `(SELECT 'breakdown', NULL, key, NULL, NULL, s::text, unit FROM (
          SELECT key, unit, sum(value) AS s, row_number() OVER (PARTITION BY unit ORDER BY sum(value) DESC, key) AS n
          FROM keys WHERE strpos(key, chr(31)) > 0 GROUP BY key, unit HAVING sum(value) <> 0) b
        WHERE n <= ${TOP} ORDER BY unit, b.s DESC, key)`
          : `(SELECT 'breakdown', NULL, key, NULL, NULL, sum(value)::text, unit FROM keys WHERE ${keyed ? 'TRUE' : "key <> ''"}
        GROUP BY key, unit HAVING sum(value) <> 0 ORDER BY sum(value) DESC, key LIMIT ${TOP})`,
      );
      if (grid)
        parts.push(
          `SELECT 'cells', NULL, NULL, dow, hod, sum(value)::text, '' FROM cells GROUP BY 4, 5 HAVING sum(value) <> 0`,
        );
    }
    const sql = `WITH ${ctes.join(',\n')}\n       ${parts.join('\n       UNION ALL\n       ')}`;
    return this.run(sql, params) as Promise<MetricRow[]>;
  }

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
      return await queryPrepared(runner, name, sql, params);
    } finally {
      await runner.release();
    }
  }
}
