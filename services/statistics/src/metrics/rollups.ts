import { STATISTICS_METRICS, type StatisticsMetric } from '@shop/contracts';
import type { EntityManager } from 'typeorm';

const HOUR_MS = 3_600_000;

/** The whole UTC hour an instant falls in (rollups are hourly; the shop's zone has whole-hour offsets). */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** the metrics whose rows carry no key (one value per hour and branch; order-times reads the orders rollup) */
const KEYLESS_METRICS: ReadonlySet<StatisticsMetric> = new Set([
  'unique-visitors',
  'page-views',
  'orders',
  'order-times',
  'revenue',
  'canceled-orders',
  'items',
  'visitor-times',
]);

/**
 * The rollups whose rows carry a key (a page, a referrer, an item …; the work metrics: a user). Besides their
 * keyed hourly rows they keep an hourly total without the key (metric `<name>#hours`): the weekday × hour grid and
 * hourly series of a long range read those few rows instead of every key of every hour.
 */
export const KEYED_ROLLUPS: ReadonlySet<string> = new Set(STATISTICS_METRICS.filter((m) => !KEYLESS_METRICS.has(m)));
/** The hourly and daily rollup holding a metric's totals per hour or day and branch (all keys summed). */
export const hoursRollupOf = (rollup: string): string => (KEYED_ROLLUPS.has(rollup) ? `${rollup}#hours` : rollup);

/**
 * The rollups of the weekday × hour grid: besides their hours they keep the grid of each calendar month
 * (`<name>#grid` in rollup_span, key `isodow:hour` in the shop's time zone), so a long range reads a month as
 * 168 cells instead of its 720 hours.
 */
export const GRID_ROLLUPS: ReadonlySet<string> = new Set(['orders', 'visitor-times']);
export const gridRollupOf = (rollup: string): string => `${rollup}#grid`;
/** the coarse layers of rollup_span (Postgres' date_trunc fields): weeks from Monday, calendar months */
export const SPANS = ['week', 'month'] as const;
export type Span = (typeof SPANS)[number];
/**
 * rollup_span's branch for the sums over all branches (an administrator's top list, the common question, reads a
 * third of the rows: event-flow has its ~1,300 pairs in every branch). No branch has this id.
 */
export const ALL_BRANCHES = -1;

const formats = new Map<string, Intl.DateTimeFormat>();
/** A date formatter of a time zone, made once per zone and fields (making one costs more than formatting). */
function formatOf(tz: string, fields: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${tz} ${JSON.stringify(fields)}`;
  let f = formats.get(id);
  if (!f) formats.set(id, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, ...fields })));
  return f;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDay(tz: string): (at: Date) => string {
  const f = formatOf(tz, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return (at) => f.format(at);
}

const DAY_MS = 86_400_000;
/** A calendar day (YYYY-MM-DD) `n` days later. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The first day of the week (Monday) or month a calendar day belongs to. */
export function spanStart(span: Span, day: string): string {
  if (span === 'month') return `${day.slice(0, 7)}-01`;
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

interface Sum {
  metric: string;
  at: Date | string;
  branch: number;
  key: string;
  value: number;
  /** rollup_span's rows only */
  span?: Span;
}

/** an hour as the shop's calendar sees it */
interface LocalHour {
  day: string;
  /** `isodow:hour` (1 = Monday) */
  cell: string;
}

/**
 * Rollup increments collected while one batch is stored and written with it, in the same transaction: an event is
 * counted exactly when its raw row is inserted (a redelivered batch inserts nothing and counts nothing). The
 * layers of one increment: rollup_hourly (keyed, per UTC hour) and rollup_daily (keyed, per calendar day in the
 * shop's time zone), both with the keyless total of a keyed metric (`#hours`); for keyed metrics rollup_span, the
 * keyed sums per week and month, per branch and over all branches (a long range's top list); for the grid metrics the month's grid (`#grid`).
 */
export class RollupDelta {
  private readonly hourly = new Map<string, Sum>();
  private readonly daily = new Map<string, Sum>();
  private readonly spans = new Map<string, Sum>();
  private readonly local: Intl.DateTimeFormat;
  private readonly hours = new Map<number, LocalHour>();

  constructor(tz: string) {
    this.local = formatOf(tz, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  }

  private localHour(hour: Date): LocalHour {
    let l = this.hours.get(hour.getTime());
    if (!l) {
      const part = Object.fromEntries(this.local.formatToParts(hour).map((x) => [x.type, x.value]));
      const day = `${part.year}-${part.month}-${part.day}`;
      const isodow = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      l = { day, cell: `${isodow}:${Number(part.hour)}` };
      this.hours.set(hour.getTime(), l);
    }
    return l;
  }

  add(metric: string, at: Date, branch: number, key: string, value = 1): void {
    if (!value) return;
    const hour = hourOf(at);
    const k = key.slice(0, 500);
    const { day, cell } = this.localHour(hour);
    bump(this.hourly, metric, hour, branch, k, value);
    bump(this.daily, metric, day, branch, k, value);
    if (KEYED_ROLLUPS.has(metric)) {
      bump(this.hourly, hoursRollupOf(metric), hour, branch, '', value);
      bump(this.daily, hoursRollupOf(metric), day, branch, '', value);
      for (const span of SPANS)
        for (const b of [branch, ALL_BRANCHES]) bump(this.spans, metric, spanStart(span, day), b, k, value, span);
    }
    if (GRID_ROLLUPS.has(metric))
      bump(this.spans, gridRollupOf(metric), spanStart('month', day), branch, cell, value, 'month');
  }

  /**
   * A stretch [start, end) counted in seconds per UTC hour it covers (a work period: WorkPeriodsService), or taken
   * back (`sign` -1) when it changes or is deleted.
   */
  addStretch(metric: string, start: Date, end: Date, branch: number, key: string, sign: 1 | -1): void {
    for (let h = hourOf(start).getTime(); h < end.getTime(); h += HOUR_MS) {
      const ms = Math.min(h + HOUR_MS, end.getTime()) - Math.max(h, start.getTime());
      this.add(metric, new Date(h), branch, key, (sign * ms) / 1000);
    }
  }

  /** distinct hourly rows (keyed and totals) */
  get size(): number {
    return this.hourly.size;
  }

  async write(m: Pick<EntityManager, 'query'>): Promise<void> {
    // hourly before daily in every transaction, each in sorted key order: two transactions touching the same
    // rows lock them in the same order (no deadlock)
    await upsert(m, 'rollup_hourly', 'hour', 'timestamptz', [...this.hourly.values()]);
    await upsert(m, 'rollup_daily', 'day', 'date', [...this.daily.values()]);
    await upsert(m, 'rollup_span', 'start', 'date', [...this.spans.values()]);
  }
}

function bump(
  map: Map<string, Sum>,
  metric: string,
  at: Date | string,
  branch: number,
  key: string,
  value: number,
  span?: Span,
) {
  const id = `${metric}\u0000${span}\u0000${at instanceof Date ? at.getTime() : at}\u0000${branch}\u0000${key}`;
  const row = map.get(id);
  if (row) row.value += value;
  else map.set(id, { metric, at, branch, key, value, span });
}

async function upsert(m: Pick<EntityManager, 'query'>, table: string, col: string, type: string, rows: Sum[]) {
  // rollup_span has the span between metric and start (its key: metric, span, start, branch, key)
  const cols = rows[0]?.span ? ['metric', 'span', col, 'branch', 'key'] : ['metric', col, 'branch', 'key'];
  const types = rows[0]?.span ? ['text', 'text', type, 'int', 'text'] : ['text', type, 'int', 'text'];
  const n = cols.length + 1;
  // in chunks: a statement has at most 65535 parameters
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    const params: unknown[] = [];
    const values = chunk.map((r, j) => {
      params.push(r.metric, ...(r.span ? [r.span] : []), r.at, r.branch, r.key, r.value);
      return `(${[...types, 'numeric'].map((t, c) => `$${j * n + c + 1}::${t}`).join(', ')})`;
    });
    await m.query(
      `INSERT INTO "statistics"."${table}" (${cols.join(', ')}, value)
       SELECT * FROM (VALUES ${values.join(', ')}) AS v(${cols.join(', ')}, value)
       ORDER BY ${cols.map((_, c) => c + 1).join(', ')}
       ON CONFLICT (${cols.join(', ')}) DO UPDATE SET value = "${table}".value + EXCLUDED.value`,
      params,
    );
  }
}

/**
 * Builds the derived layers (the `#hours` totals, rollup_daily and rollup_span in time zone `tz`) from the keyed
 * hourly rows, which are kept for ever: after a migration that adds a layer, and whenever SHOP_TIME_ZONE changes
 * (the days are the shop's calendar days). Writers are held off meanwhile (the table locks), so no increment is
 * lost or doubled.
 */
export async function rebuildDerivedRollups(m: Pick<EntityManager, 'query'>, tz: string): Promise<void> {
  await m.query(
    `LOCK TABLE "statistics"."rollup_hourly", "statistics"."rollup_daily", "statistics"."rollup_span" IN SHARE ROW EXCLUSIVE MODE`,
  );
  await m.query(`DELETE FROM "statistics"."rollup_hourly" WHERE metric LIKE '%#hours'`);
  await m.query(
    `INSERT INTO "statistics"."rollup_hourly" (metric, hour, branch, key, value)
     SELECT metric || '#hours', hour, branch, '', sum(value) FROM "statistics"."rollup_hourly"
     WHERE metric = ANY($1::text[]) GROUP BY metric, hour, branch`,
    [[...KEYED_ROLLUPS]],
  );
  await m.query(`DELETE FROM "statistics"."rollup_daily"`);
  await m.query(
    `INSERT INTO "statistics"."rollup_daily" (metric, day, branch, key, value)
     SELECT metric, (hour AT TIME ZONE $1::text)::date, branch, key, sum(value) FROM "statistics"."rollup_hourly"
     GROUP BY 1, 2, 3, 4`,
    [tz],
  );
  await m.query(`DELETE FROM "statistics"."rollup_span"`);
  await m.query(
    `INSERT INTO "statistics"."rollup_span" (metric, span, start, branch, key, value)
     SELECT metric, s, date_trunc(s, day::timestamp)::date, branch, key, sum(value)
     FROM "statistics"."rollup_daily", unnest($2::text[]) AS s WHERE metric = ANY($1::text[]) GROUP BY 1, 2, 3, 4, 5`,
    [[...KEYED_ROLLUPS], [...SPANS]],
  );
  await m.query(
    `INSERT INTO "statistics"."rollup_span" (metric, span, start, branch, key, value)
     SELECT metric, span, start, $2::int, key, sum(value) FROM "statistics"."rollup_span"
     WHERE metric = ANY($1::text[]) GROUP BY 1, 2, 3, 5`,
    [[...KEYED_ROLLUPS], ALL_BRANCHES],
  );
  await m.query(
    `INSERT INTO "statistics"."rollup_span" (metric, span, start, branch, key, value)
     SELECT metric || '#grid', 'month', date_trunc('month', hour AT TIME ZONE $2::text)::date, branch,
       extract(isodow FROM hour AT TIME ZONE $2::text) || ':' || extract(hour FROM hour AT TIME ZONE $2::text), sum(value)
     FROM "statistics"."rollup_hourly" WHERE metric = ANY($1::text[]) GROUP BY 1, 2, 3, 4, 5`,
    [[...GRID_ROLLUPS], tz],
  );
  await m.query(
    `INSERT INTO "statistics"."rollup_state" (id, "timeZone") VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET "timeZone" = EXCLUDED."timeZone"`,
    [tz],
  );
}

/** Rebuilds the derived layers once when they were built for another time zone (or never); see above. */
export async function ensureDerivedRollups(
  ds: { transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> },
  tz: string,
): Promise<boolean> {
  return ds.transaction(async (m) => {
    // one replica rebuilds; the others wait for its lock and then find the zone recorded
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('statistics.rollup_state'))`);
    const [state] = (await m.query(`SELECT "timeZone" FROM "statistics"."rollup_state" WHERE id = 1`)) as Array<{
      timeZone: string;
    }>;
    if (state?.timeZone === tz) return false;
    await rebuildDerivedRollups(m, tz);
    return true;
  });
}
