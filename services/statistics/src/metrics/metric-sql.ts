import type { StatisticsMetric, StatisticsReply } from '@shop/contracts';
import { DEFAULT_UNIT, QUANTITY_UNITS_SQL } from '../orders/quantity-units.js';
import { QUANTITY_METRICS } from './rollups.js';

/**
 * The raw queries of every metric: `(hour, branch, key, value)` per whole UTC hour over the raw tables, for the
 * window [$from, $to). The metric queries use them for the partial hours at the edges of a range (the rest comes
 * from rollup_hourly); the bench asks them for the whole range to compare. `:from` and `:to` are replaced by
 * parameter positions.
 */
const A = '"statistics"."analytics_event"';
const O = '"statistics"."order_fact"';
const I = '"statistics"."order_item_fact"';
const W = '"statistics"."work_period"';
const bin = (col: string) => `date_bin('1 hour', ${col}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;
const inWindow = (col: string) => `${col} >= :from AND ${col} < :to`;
/** the UTC day an instant falls in starts here (the visitor id rotates at UTC midnight) */
const dayStart = `date_trunc('day', :from AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/**
 * A data field as the ingestion counts it (AnalyticsService's `text`): a non-empty string or a number, else
 * nothing — an empty string, `true` or an object is no screen width, page or referrer (before issue 41 the raw rows
 * at a range's edges counted them: '1440x' beside the rollups' nothing).
 */
const text = (field: string, row = '') =>
  `(CASE WHEN jsonb_typeof(${row}data->'${field}') IN ('string', 'number') THEN nullif(${row}data->>'${field}', '') END)`;
/** the page of a page view (AnalyticsService's pageOf): its path, else its action */
const page = (row = '') => `coalesce(${text('path', row)}, ${row}action)`;

const analytics = (where: string, key: string, value = 'count(*)') =>
  `SELECT ${bin('"occurredAt"')} AS hour, branch, ${key} AS key, ${value}::numeric AS value
   FROM ${A} WHERE ${where} AND ${inWindow('"occurredAt"')} GROUP BY 1, 2, 3`;
const device = (key: string, cond = 'TRUE') => analytics(`type = 'device' AND ${cond}`, key);
const orders = (where: string, key: string, value: string) =>
  `SELECT ${bin('"createdAt"')} AS hour, branch, ${key} AS key, ${value}::numeric AS value
   FROM ${O} WHERE ${where} AND ${inWindow('"createdAt"')} GROUP BY 1, 2, 3`;
/**
 * The quantities of the order lines in their quantity unit (issue 41: grams, decagrams and kilograms as grams …,
 * never added to pieces; QUANTITY_UNITS_SQL: the table of quantity-units.ts); `key` names the unit (`qu.unit`).
 */
const items = (key: string) =>
  `SELECT ${bin('o."createdAt"')} AS hour, o.branch, ${key} AS key, sum(i.quantity * qu.factor)::numeric AS value
   FROM ${O} o JOIN ${I} i ON i."orderId" = o.id JOIN ${QUANTITY_UNITS_SQL} ON qu.name = coalesce(i.unit, '${DEFAULT_UNIT}')
   WHERE ${inWindow('o."createdAt"')} GROUP BY 1, 2, 3`;
/**
 * A work period as a range (running: no upper bound; a stretch ending before it starts: empty), as indexed
 * (work_period_range_idx)
 */
const WORK_RANGE = `tstzrange("startAt", CASE WHEN "endAt" < "startAt" THEN "startAt" ELSE "endAt" END)`;
/**
 * Seconds (to the millisecond: rollup values keep three decimals) of the work periods of one kind, per hour, branch
 * and user; answered in hours (see UNIT_OF). `only`: a further condition (the running periods alone: OPEN_SQL).
 * The range test finds the periods through the index; the two after it hold a running period to the clock.
 */
const work = (kind: 'activity' | 'schedule', only = 'TRUE') =>
  `SELECT h AS hour, branch, "userId"::text AS key,
     sum(extract(epoch FROM least(h + interval '1 hour', coalesce("endAt", now()), :to) - greatest(h, "startAt", :from)))::numeric AS value
   FROM ${W}, generate_series(${bin('greatest("startAt", :from)')}, least(coalesce("endAt", now()), :to), interval '1 hour') AS h
   WHERE kind = '${kind}' AND ${only} AND ${WORK_RANGE} && tstzrange(:from, :to)
     AND "startAt" < :to AND coalesce("endAt", now()) > :from
     AND least(h + interval '1 hour', coalesce("endAt", now()), :to) > greatest(h, "startAt", :from)
   GROUP BY 1, 2, 3`;

export const RAW_SQL: Record<StatisticsMetric, string> = {
  'unique-visitors': `SELECT ${bin('first')} AS hour, branch, ''::text AS key, count(*)::numeric AS value FROM (
      SELECT min("occurredAt") AS first, (array_agg(branch ORDER BY "occurredAt", id))[1] AS branch
      FROM ${A} WHERE "visitorId" IS NOT NULL AND "occurredAt" >= ${dayStart} AND "occurredAt" < :to
      GROUP BY "visitorId", ("occurredAt" AT TIME ZONE 'UTC')::date) f
    WHERE first >= :from GROUP BY 1, 2, 3`,
  'page-views': analytics(`type = 'pageview'`, `''::text`),
  pages: analytics(`type = 'pageview'`, page()),
  events: analytics(`type NOT IN ('pageview', 'device')`, 'action'),
  'event-flow': `SELECT ${bin('"occurredAt"')} AS hour, branch, prev || ' → ' || page AS key, count(*)::numeric AS value FROM (
      SELECT "occurredAt", branch, ${page()} AS page,
        lag(${page()}) OVER (
          PARTITION BY "visitorId", ("occurredAt" AT TIME ZONE 'UTC')::date ORDER BY "occurredAt", id) AS prev
      FROM ${A} WHERE type = 'pageview' AND "visitorId" IS NOT NULL AND "occurredAt" >= ${dayStart} AND "occurredAt" < :to) f
    WHERE prev IS NOT NULL AND prev <> page AND "occurredAt" >= :from GROUP BY 1, 2, 3`,
  resolutions: device(
    `${text('screenWidth')} || 'x' || ${text('screenHeight')}`,
    `${text('screenWidth')} IS NOT NULL AND ${text('screenHeight')} IS NOT NULL`,
  ),
  'device-pixel-ratios': device(text('pixelRatio'), `${text('pixelRatio')} IS NOT NULL`),
  'color-schemes': device(text('colorScheme'), `${text('colorScheme')} IS NOT NULL`),
  referrers: device(`coalesce(${text('referrer')}, '')`),
  browsers: device(`coalesce(browser, '')`),
  'operating-systems': device(`coalesce(os, '')`),
  'visitor-times': `SELECT h AS hour, branch, ''::text AS key, count(*)::numeric AS value FROM (
      SELECT ${bin('"occurredAt"')} AS h, (array_agg(branch ORDER BY "occurredAt", id))[1] AS branch
      FROM ${A} WHERE "visitorId" IS NOT NULL AND ${inWindow('"occurredAt"')} GROUP BY "visitorId", 1) f
    GROUP BY 1, 2, 3`,
  orders: orders('TRUE', `''::text`, 'count(*)'),
  'order-times': orders('TRUE', `''::text`, 'count(*)'),
  revenue: orders('NOT canceled', `''::text`, 'sum("totalCents")'),
  'canceled-orders': orders('canceled', `''::text`, 'count(*)'),
  'order-origins': orders('TRUE', 'origin', 'count(*)'),
  'revenue-origins': orders('NOT canceled', 'origin', 'sum("totalCents")'),
  items: items('qu.unit'),
  'popular-items': items(`qu.unit || chr(31) || i.name`),
  'working-activities': work('activity'),
  'working-schedules': work('schedule'),
};

/** the UTC day of the event `a` starts here */
const dayOfA = `date_trunc('day', a."occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
/**
 * the visitor's events of the same UTC day before `a`, in the order of RAW_SQL and of the rollups: time, then arrival
 * (id; a batch is stored in its order of time and position)
 */
const earlierThanA = `b."visitorId" = a."visitorId" AND b."occurredAt" >= ${dayOfA} AND b."occurredAt" <= a."occurredAt"
     AND (b."occurredAt", b.id) < (a."occurredAt", a.id)`;

/**
 * The partial hours at the edges of a range (less than an hour each) where RAW_SQL would group the visitor's
 * whole day: the same rows, found per event of the window by the visitor's earlier events of that day
 * (analytics_event_visitor_idx) — a few hundred index probes instead of a day of raw events.
 */
export const EDGE_SQL: Partial<Record<StatisticsMetric, string>> = {
  'unique-visitors': `SELECT ${bin('a."occurredAt"')} AS hour, a.branch, ''::text AS key, count(*)::numeric AS value
    FROM ${A} a WHERE a."visitorId" IS NOT NULL AND ${inWindow('a."occurredAt"')}
      AND NOT EXISTS (SELECT 1 FROM ${A} b WHERE ${earlierThanA})
    GROUP BY 1, 2, 3`,
  'event-flow': `SELECT ${bin('a."occurredAt"')} AS hour, a.branch, p.page || ' → ' || a.page AS key, count(*)::numeric AS value
    FROM (SELECT id, "occurredAt", branch, "visitorId", ${page()} AS page FROM ${A}
          WHERE type = 'pageview' AND "visitorId" IS NOT NULL AND ${inWindow('"occurredAt"')}) a
    CROSS JOIN LATERAL (SELECT ${page('b.')} AS page FROM ${A} b
      WHERE b.type = 'pageview' AND ${earlierThanA}
      ORDER BY b."occurredAt" DESC, b.id DESC LIMIT 1) p
    WHERE p.page <> a.page
    GROUP BY 1, 2, 3`,
};

/**
 * What the rollups of a metric leave out, asked of the raw rows for the whole hours of a range: the running work
 * periods (an activity without an end grows with the clock; the rollups keep the ended ones, WorkPeriodsService).
 */
export const OPEN_SQL: Partial<Record<StatisticsMetric, string>> = {
  'working-activities': work('activity', '"endAt" IS NULL'),
  'working-schedules': work('schedule', '"endAt" IS NULL'),
};

/** The work metrics and the kind of period each counts. */
export const WORK_METRICS = { activity: 'working-activities', schedule: 'working-schedules' } as const;

/** Which rollup a metric reads (order-times is the orders rollup seen by weekday and hour). */
export const ROLLUP_OF: Record<StatisticsMetric, string> = {
  ...(Object.fromEntries(Object.keys(RAW_SQL).map((m) => [m, m])) as Record<StatisticsMetric, string>),
  'order-times': 'orders',
};

export const UNIT_OF = (metric: StatisticsMetric): StatisticsReply['unit'] =>
  metric === 'revenue' || metric === 'revenue-origins'
    ? 'cents'
    : metric.startsWith('working-')
      ? 'hours'
      : QUANTITY_METRICS.has(metric)
        ? 'quantity'
        : 'count';
/** what the queries sum per unit of the answer (the work metrics sum seconds, answered in hours) */
export const SCALE_OF = (metric: StatisticsMetric): number => (UNIT_OF(metric) === 'hours' ? 3600 : 1);

/** A query of this file with its window (:from, :to) bound to parameter positions. */
export const bind = (sql: string, fromParam: number, toParam: number): string =>
  sql.replaceAll(':from', `$${fromParam}::timestamptz`).replaceAll(':to', `$${toParam}::timestamptz`);

/** The raw query with its window bound to parameter positions. */
export const rawSql = (metric: StatisticsMetric, fromParam: number, toParam: number): string =>
  bind(RAW_SQL[metric], fromParam, toParam);

/** The query of a partial hour at a range's edge (EDGE_SQL where it has one, else RAW_SQL), window bound. */
export const edgeSql = (metric: StatisticsMetric, fromParam: number, toParam: number): string =>
  bind(EDGE_SQL[metric] ?? RAW_SQL[metric], fromParam, toParam);
