import type { StatisticsMetric, StatisticsReply, UnitName } from '@shop/contracts';
import { UNITS } from '@shop/domain';
import type { DataSource } from 'typeorm';

/**
 * The oracle of the metric property tests (issue 41): every metric as a plain GROUP BY over the raw rows
 * (analytics_event, order_fact with order_item_fact, work_period), written here from what each metric means and not
 * from the service's queries (no RAW_SQL, no rollups, no hour binning but where a work period is cut into hours).
 * `facts` answers one row per thing counted — (at, branch, key, unit, value) — inside the window [$1, $2); `figures`
 * groups them as a reply does: total (per unit for items), series by interval in the shop's zone, top list, grid.
 */

const A = 'statistics.analytics_event';
/** a data field as the storefront's texts count it: a non-empty string or a number, else nothing */
const text = (field: string) =>
  `(CASE WHEN jsonb_typeof(data->'${field}') IN ('string', 'number') THEN nullif(data->>'${field}', '') END)`;
/** the page of a page view: its path, else its action */
const PAGE = `coalesce(${text('path')}, action)`;
const utcDay = `("occurredAt" AT TIME ZONE 'UTC')::date`;
const IN_WINDOW = `at >= $1 AND at < $2`;

/** analytics events of a kind counted one each, keyed */
const counted = (where: string, key: string) =>
  `SELECT "occurredAt" AS at, branch, ${key} AS key, ''::text AS unit, 1::numeric AS value FROM ${A} WHERE ${where}`;
const device = (where: string, key: string) => counted(`type = 'device' AND ${where}`, key);
const orders = (where: string, key: string, value: string) =>
  `SELECT "createdAt" AS at, branch, ${key} AS key, ''::text AS unit, ${value}::numeric AS value
   FROM statistics.order_fact WHERE ${where}`;

/**
 * The unit table of @shop/domain as SQL: every unit with the smallest unit of its type (factor 1) and its factor; a
 * line without a unit is a piece.
 */
function unitTable(): string {
  const defs = Object.values(UNITS);
  const rows = defs.map((u) => {
    const base = defs.find((b) => b.type === u.type && b.factor === 1) as { name: UnitName };
    return `('${u.name}', '${base.name}', ${u.factor})`;
  });
  return `(VALUES ${rows.join(', ')}) AS u(name, base, factor)`;
}
const lines = (key: string) =>
  `SELECT o."createdAt" AS at, o.branch, ${key} AS key, u.base AS unit, l.quantity * u.factor AS value
   FROM statistics.order_fact o JOIN statistics.order_item_fact l ON l."orderId" = o.id
   JOIN ${unitTable()} ON u.name = coalesce(l.unit, 'piece')`;

/**
 * The seconds of the work periods of a kind inside the window, cut at every whole hour (the series and the grid
 * need each hour's part), each part at its start; a running period up to now, one ending before it starts nothing.
 */
const work = (kind: string) =>
  `SELECT greatest(h, s, $1) AS at, branch, "userId"::text AS key, ''::text AS unit,
     extract(epoch FROM least(h + interval '1 hour', e, $2) - greatest(h, s, $1))::numeric AS value
   FROM (SELECT branch, "userId", "startAt" AS s, coalesce("endAt", now()) AS e FROM statistics.work_period
         WHERE kind = '${kind}') w,
     generate_series(date_trunc('hour', greatest(s, $1) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', least(e, $2), interval '1 hour') AS h
   WHERE e > s AND least(h + interval '1 hour', e, $2) > greatest(h, s, $1)`;

/** What each metric counts (before the window: the visitor metrics need the visitor's whole UTC day). */
const FACTS: Record<StatisticsMetric, string> = {
  // a visitor counted once a UTC day (the visitor id rotates then), at the day's first event
  'unique-visitors': `SELECT DISTINCT ON ("visitorId", ${utcDay}) "occurredAt" AS at, branch, ''::text AS key,
      ''::text AS unit, 1::numeric AS value
    FROM ${A} WHERE "visitorId" IS NOT NULL ORDER BY "visitorId", ${utcDay}, "occurredAt", id`,
  'page-views': counted(`type = 'pageview'`, `''`),
  pages: counted(`type = 'pageview'`, PAGE),
  events: counted(`type NOT IN ('pageview', 'device')`, 'action'),
  // a visitor's step from one page to another that day
  'event-flow': `SELECT at, branch, prev || ' → ' || page AS key, ''::text AS unit, 1::numeric AS value FROM (
      SELECT "occurredAt" AS at, branch, ${PAGE} AS page,
        lag(${PAGE}) OVER (PARTITION BY "visitorId", ${utcDay} ORDER BY "occurredAt", id) AS prev
      FROM ${A} WHERE type = 'pageview' AND "visitorId" IS NOT NULL) v
    WHERE prev IS NOT NULL AND prev <> page`,
  resolutions: device(
    `${text('screenWidth')} IS NOT NULL AND ${text('screenHeight')} IS NOT NULL`,
    `${text('screenWidth')} || 'x' || ${text('screenHeight')}`,
  ),
  'device-pixel-ratios': device(`${text('pixelRatio')} IS NOT NULL`, text('pixelRatio')),
  'color-schemes': device(`${text('colorScheme')} IS NOT NULL`, text('colorScheme')),
  referrers: device('TRUE', `coalesce(${text('referrer')}, '')`),
  browsers: device('TRUE', `coalesce(browser, '')`),
  'operating-systems': device('TRUE', `coalesce(os, '')`),
  // a visitor counted once an hour it was seen in the window, at its first event of the hour there
  'visitor-times': `SELECT DISTINCT ON ("visitorId", date_trunc('hour', "occurredAt" AT TIME ZONE 'UTC'))
      "occurredAt" AS at, branch, ''::text AS key, ''::text AS unit, 1::numeric AS value
    FROM ${A} WHERE "visitorId" IS NOT NULL AND "occurredAt" >= $1 AND "occurredAt" < $2
    ORDER BY "visitorId", date_trunc('hour', "occurredAt" AT TIME ZONE 'UTC'), "occurredAt", id`,
  orders: orders('TRUE', `''`, '1'),
  'order-times': orders('TRUE', `''`, '1'),
  revenue: orders('NOT canceled', `''`, '"totalCents"'),
  'canceled-orders': orders('canceled', `''`, '1'),
  'order-origins': orders('TRUE', 'origin', '1'),
  'revenue-origins': orders('NOT canceled', 'origin', '"totalCents"'),
  items: lines(`''`),
  'popular-items': lines('l.name'),
  'working-activities': work('activity'),
  'working-schedules': work('schedule'),
};

/** the metrics whose top list keeps the empty key (a direct visit, an unknown browser) */
const EMPTY_KEY_COUNTS = new Set<StatisticsMetric>(['referrers', 'browsers', 'operating-systems']);
const QUANTITY = new Set<StatisticsMetric>(['items', 'popular-items']);
const GRID = new Set<StatisticsMetric>(['visitor-times', 'order-times']);
const UNIT_ORDER = ['piece', 'serving', 'pair', 'person', 'package', 'gram', 'milliliter', 'millimeter'];

export type Figures = Pick<StatisticsReply, 'total' | 'totals' | 'series' | 'breakdown' | 'cells'>;

/** The figures of a metric for [from, to) of a branch (undefined: all), as a reply answers them. */
export async function oracle(
  ds: DataSource,
  metric: StatisticsMetric,
  q: { from: Date; to: Date; branch?: number; interval: string; tz: string },
): Promise<Figures> {
  const scope = q.branch === undefined ? '' : `AND branch = ${Number(q.branch)}`;
  const f = `WITH f AS (SELECT * FROM (${FACTS[metric]}) x WHERE ${IN_WINDOW} ${scope})`;
  const params = [q.from, q.to];
  // the work metrics count seconds, answered in hours; every figure to three decimals
  const scale = metric.startsWith('working-') ? 3600 : 1;
  const num = (v: string) => Math.round((Number(v) / scale) * 1000) / 1000;
  const quantity = QUANTITY.has(metric);
  const rank = (u: string) => UNIT_ORDER.indexOf(u);
  const withUnit = (unit: string) => (quantity ? { unit } : {});

  const totals = (await ds.query(`${f} SELECT unit, sum(value)::text AS v FROM f GROUP BY unit`, params)) as Array<{
    unit: string;
    v: string;
  }>;
  const bucket =
    q.interval === 'hour'
      ? `date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`
      : `date_trunc('${q.interval}', at AT TIME ZONE '${q.tz}') AT TIME ZONE '${q.tz}'`;
  const series = (await ds.query(
    `${f} SELECT ${bucket} AS b, unit, sum(value)::text AS v FROM f GROUP BY 1, 2 HAVING sum(value) <> 0`,
    params,
  )) as Array<{ b: Date; unit: string; v: string }>;
  const breakdown = (await ds.query(
    `${f} SELECT key, unit, s::text AS v FROM (
       SELECT key, unit, sum(value) AS s, row_number() OVER (PARTITION BY unit ORDER BY sum(value) DESC, key) AS n
       FROM f WHERE ${EMPTY_KEY_COUNTS.has(metric) ? 'TRUE' : "key <> ''"} GROUP BY key, unit HAVING sum(value) <> 0) t
     WHERE n <= 100 ORDER BY unit, s DESC, key`,
    params,
  )) as Array<{ key: string; unit: string; v: string }>;
  const cells = GRID.has(metric)
    ? ((await ds.query(
        `${f} SELECT extract(isodow FROM at AT TIME ZONE '${q.tz}')::int AS d, extract(hour FROM at AT TIME ZONE '${q.tz}')::int AS h,
           sum(value)::text AS v FROM f GROUP BY 1, 2 HAVING sum(value) <> 0 ORDER BY 1, 2`,
        params,
      )) as Array<{ d: number; h: number; v: string }>)
    : [];

  const perUnit = totals
    .map((t) => ({ unit: t.unit, value: num(t.v) }))
    .filter((t) => t.value !== 0)
    .sort((a, b) => rank(a.unit) - rank(b.unit));
  return {
    ...(quantity
      ? {
          total: perUnit.find((t) => t.unit === 'piece')?.value ?? 0,
          totals: perUnit as StatisticsReply['totals'],
        }
      : { total: num(totals[0]?.v ?? '0') }),
    series: series
      .map((s) => ({ bucket: s.b.toISOString(), value: num(s.v), ...withUnit(s.unit) }))
      .sort((a, b) => a.bucket.localeCompare(b.bucket) || rank(a.unit ?? '') - rank(b.unit ?? '')),
    breakdown: breakdown
      .map((r) => ({ key: r.key, value: num(r.v), ...withUnit(r.unit) }))
      .sort((a, b) => rank(a.unit ?? '') - rank(b.unit ?? '')),
    cells: cells.map((c) => ({ weekday: c.d, hour: c.h, value: num(c.v) })),
  } as Figures;
}

/**
 * The instants of a query's `from` and `to` as Postgres reads them: a date is the start of that day in the zone
 * (`to`: of the day after), a date-time the instant; and the period of equal length before it (`compare=previous`:
 * as many calendar months before a period of whole months, as many days before other periods of dates, else as
 * long before).
 */
export async function oracleRange(
  ds: DataSource,
  q: { from: string; to: string },
  tz: string,
): Promise<{ from: Date; to: Date; previous: { from: Date; to: Date } }> {
  const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  // a date `days` later, at the start of that day in the zone; a date-time as it is
  const instant = async (s: string, days: number): Promise<Date> =>
    (
      (await ds.query(
        isDate(s)
          ? `SELECT (($1::text::date + $2::int)::timestamp AT TIME ZONE $3::text) AS t`
          : `SELECT $1::text::timestamptz AS t`,
        isDate(s) ? [s, days, tz] : [s],
      )) as Array<{ t: Date }>
    )[0].t;
  const from = await instant(q.from, 0);
  const to = await instant(q.to, 1);
  if (isDate(q.from) && isDate(q.to)) {
    // whole calendar months: as many months before; else as many days before
    const [{ months, n }] = (await ds.query(
      `SELECT CASE WHEN date_trunc('month', $1::text::date) = $1::text::date
                    AND date_trunc('month', $2::text::date) + interval '1 month - 1 day' = $2::text::date
                   THEN (extract(year FROM age(($2::text::date + 1), $1::text::date)) * 12
                         + extract(month FROM age(($2::text::date + 1), $1::text::date)))::int END AS months,
              ($2::text::date - $1::text::date + 1) AS n`,
      [q.from, q.to],
    )) as Array<{ months: number | null; n: number }>;
    if (months) {
      const [{ t }] = (await ds.query(
        `SELECT (($1::text::date - make_interval(months => $2::int))::timestamp AT TIME ZONE $3::text) AS t`,
        [q.from, months, tz],
      )) as Array<{ t: Date }>;
      return { from, to, previous: { from: t, to: from } };
    }
    return { from, to, previous: { from: await instant(q.from, -n), to: from } };
  }
  return { from, to, previous: { from: new Date(2 * from.getTime() - to.getTime()), to: from } };
}
