import { bind, edgeSql, OPEN_SQL, rawSql, ROLLUP_OF } from './metric-sql.js';
import { splitSpans, wholeDays } from './metric-ranges.js';
import { gridMonths, hourCells, monthCells } from './weekday-hour-grid.js';
import type { StatisticsMetric } from '@shop/contracts';
import { addDays, ALL_BRANCHES, gridRollupOf, hoursRollupOf, KEYED_ROLLUPS, type Span } from './rollups.js';

const HOUR_MS = 3_600_000;

/** What a metric is asked for: [from, to) of the branches (null: all), by `interval`, days in time zone `tz`. */
export interface MetricAsk {
  metric: StatisticsMetric;
  from: Date;
  to: Date;
  branches: number[] | null;
  interval: string;
  tz: string;
  /** false: every part from the raw tables (the bench's and the specs' comparison) */
  useRollups?: boolean;
  /** the total alone (no series, top list or grid): the period a reply is compared with (`compare=previous`) */
  totalOnly?: boolean;
}

/** The parts of a metric's statement (see `rows`): SQL built when asked, so only used parameters are bound. */
export interface Sources {
  raw?: string;
  edge?: string;
  days(): string;
  keys(): string;
  hours(): string;
  cells(): string;
}

/** binds a value as the next parameter and answers its position */
export type Bind = (v: unknown) => number;

/**
 * The parts of a metric's statement for a range (MetricRepository.rows): without rollups, or for less than a whole
 * hour, the raw rows; else the rollup layers of its whole hours and its edges from the raw tables.
 */
export function sourcesOf(a: MetricAsk, p: Bind): Sources {
  const rollup = (a.useRollups ?? true) ? ROLLUP_OF[a.metric] : null;
  const h1 = new Date(Math.ceil(a.from.getTime() / HOUR_MS) * HOUR_MS);
  const h2 = new Date(Math.floor(a.to.getTime() / HOUR_MS) * HOUR_MS);
  if (!rollup || h1 >= h2)
    return {
      raw: rawSql(a.metric, p(a.from), p(a.to)),
      days: () => 'src',
      keys: () => 'src',
      hours: () => 'src',
      cells: () => hourCells('src', p, a.tz),
    };
  return new RollupSources(a, rollup, h1, h2, p).sources();
}

/** The rollup layers of the whole hours [h1, h2) of a range, and its edges from the raw tables. */
class RollupSources {
  private readonly keyless: string;
  private readonly edge: string | undefined;
  private readonly days: ReturnType<typeof wholeDays>;

  constructor(
    private readonly a: MetricAsk,
    private readonly rollup: string,
    private readonly h1: Date,
    private readonly h2: Date,
    private readonly p: Bind,
  ) {
    this.keyless = hoursRollupOf(rollup);
    const edges: string[] = [];
    if (a.from < h1) edges.push(edgeSql(a.metric, p(a.from), p(h1)));
    if (h2 < a.to) edges.push(edgeSql(a.metric, p(h2), p(a.to)));
    // what the rollups leave out of the whole hours (the running work periods)
    const open = OPEN_SQL[a.metric];
    if (open) edges.push(bind(open, p(h1), p(h2)));
    this.edge = edges.length ? edges.join('\nUNION ALL\n') : undefined;
    this.days = wholeDays(h1, h2, a.tz);
  }

  sources(): Sources {
    return {
      edge: this.edge,
      days: () => this.withEdge(this.byDay(this.keyless)),
      keys: () => this.keys(),
      hours: () => this.withEdge([this.hourly(this.h1, this.h2, this.keyless)]),
      cells: () => this.cells(),
    };
  }

  private hourly(a: Date, b: Date, name: string, sign = '') {
    const { p } = this;
    return `SELECT hour, branch, key, ${sign}value AS value FROM "statistics"."rollup_hourly"
       WHERE metric = $${p(name)} AND hour >= $${p(a)} AND hour < $${p(b)}`;
  }

  private daily(a: string, b: string, name: string) {
    const { p } = this;
    return `SELECT (day::timestamp AT TIME ZONE $${p(this.a.tz)}::text) AS hour, branch, key, value FROM "statistics"."rollup_daily"
       WHERE metric = $${p(name)} AND day >= $${p(a)}::date AND day < $${p(b)}::date`;
  }

  /**
   * rollup_span: over all branches (one row per key) when all are asked, else the branches' own rows; the
   * weekday × hour grid has no such sums
   */
  private span(sp: Span | 'day', a: string, b: string, name: string, sums = false) {
    const { p } = this;
    return sp === 'day'
      ? this.daily(a, b, name)
      : `SELECT NULL::timestamptz AS hour, ${sums ? 'NULL::int' : 'branch'} AS branch, key, value
       FROM "statistics"."rollup_span" WHERE metric = $${p(name)} AND span = $${p(sp)}
         AND start >= $${p(a)}::date AND start < $${p(b)}::date AND branch ${sums ? '=' : '<>'} ${ALL_BRANCHES}`;
  }

  private withEdge(parts: string[]) {
    return `(${[...parts, ...(this.edge ? ['SELECT * FROM edge'] : [])].join('\nUNION ALL\n')})`;
  }

  /** rollup_hourly from a to b, less the whole days */
  private hoursBetween(a: Date, b: Date, name: string) {
    const { days } = this;
    return days
      ? [
          ...(a < days.from ? [this.hourly(a, days.from, name)] : []),
          ...(days.to < b ? [this.hourly(days.to, b, name)] : []),
        ]
      : [this.hourly(a, b, name)];
  }

  private byDay(name: string) {
    return [
      ...(this.days ? [this.daily(this.days.first, this.days.end, name)] : []),
      ...this.hoursBetween(this.h1, this.h2, name),
    ];
  }

  /**
   * The top list of a keyed metric: whole months and weeks from rollup_span, the days between them daily; a metric
   * without keys has no top list: nothing to read.
   */
  private keys() {
    const { rollup, days } = this;
    if (!KEYED_ROLLUPS.has(rollup))
      return `(SELECT NULL::timestamptz AS hour, 0 AS branch, ''::text AS key, 0::numeric AS value WHERE FALSE)`;
    if (!days) return this.withEdge(this.byDay(rollup));
    return this.withEdge([
      ...splitSpans(days.first, days.end).map((x) => this.span(x.span, x.a, x.b, rollup, !this.a.branches)),
      ...this.hoursBetween(this.h1, this.h2, rollup),
    ]);
  }

  /**
   * The grid by calendar month (gridMonths): a month's 168 cells from rollup_span, less its hours outside the
   * range, or the hours of the range in it.
   */
  private cells() {
    const hours: string[] = [];
    const months: string[] = [];
    for (const m of gridMonths(this.h1, this.h2, this.a.tz)) {
      if (!m.cells) {
        hours.push(this.hourly(m.a, m.b, this.keyless));
        continue;
      }
      months.push(this.span('month', m.month, addDays(m.month, 1), gridRollupOf(this.rollup)));
      if (m.start < m.a) hours.push(this.hourly(m.start, m.a, this.keyless, '-'));
      if (m.b < m.end) hours.push(this.hourly(m.b, m.end, this.keyless, '-'));
    }
    return [
      ...(hours.length || this.edge ? [hourCells(this.withEdge(hours), this.p, this.a.tz)] : []),
      ...months.map(monthCells),
    ].join('\nUNION ALL\n');
  }
}
