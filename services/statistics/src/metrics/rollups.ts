import { STATISTICS_METRICS, type StatisticsMetric } from '@shop/contracts';
import { UNIT_SEPARATOR } from '../orders/quantity-units.js';

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
 * The metrics counted per unit (issue 41): `items` keeps its sums per quantity unit (its key is the unit),
 * `popular-items` per unit and item (key `<unit>\u001f<name>`, UNIT_SEPARATOR) and its keyless totals (`#hours`)
 * per unit — never one sum across units.
 */
export const QUANTITY_METRICS: ReadonlySet<string> = new Set<StatisticsMetric>(['items', 'popular-items']);
/** the key of a metric's keyless total row: the unit of a quantity metric's key, else '' */
export const totalKeyOf = (metric: string, key: string): string =>
  QUANTITY_METRICS.has(metric) ? key.split(UNIT_SEPARATOR, 1)[0] : '';
/**
 * totalKeyOf in SQL, for a rollup row's `metric` and `key` columns (a key without a unit, kept before issue 41 and
 * not migrated yet: '', as then)
 */
export const TOTAL_KEY_SQL = `CASE WHEN metric IN (${[...QUANTITY_METRICS].map((m) => `'${m}'`).join(', ')})
       AND strpos(key, chr(31)) > 0 THEN split_part(key, chr(31), 1) ELSE '' END`;

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

/** one row of a rollup layer: a sum per metric, hour or day (or span), branch and key */
export interface RollupSum {
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
  private readonly hourly = new Map<string, RollupSum>();
  private readonly daily = new Map<string, RollupSum>();
  private readonly spans = new Map<string, RollupSum>();
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
      const total = totalKeyOf(metric, k);
      bump(this.hourly, hoursRollupOf(metric), hour, branch, total, value);
      bump(this.daily, hoursRollupOf(metric), day, branch, total, value);
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
    // a stretch ending before it starts counts nothing (as WORK_RANGE reads it), not negative seconds
    if (end <= start) return;
    for (let h = hourOf(start).getTime(); h < end.getTime(); h += HOUR_MS) {
      const ms = Math.min(h + HOUR_MS, end.getTime()) - Math.max(h, start.getTime());
      this.add(metric, new Date(h), branch, key, (sign * ms) / 1000);
    }
  }

  /** distinct hourly rows (keyed and totals) */
  get size(): number {
    return this.hourly.size;
  }

  /**
   * the sums of each layer, written by RollupRepository.write; a sum that came to nothing (a visitor's day counted
   * again, a line edited back) is left out rather than written as a row of 0
   */
  layers(): { hourly: RollupSum[]; daily: RollupSum[]; spans: RollupSum[] } {
    const of = (map: Map<string, RollupSum>) => [...map.values()].filter((r) => r.value !== 0);
    return { hourly: of(this.hourly), daily: of(this.daily), spans: of(this.spans) };
  }
}

function bump(
  map: Map<string, RollupSum>,
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
