import type { EntityManager } from 'typeorm';

const HOUR_MS = 3_600_000;

/** The whole UTC hour an instant falls in (rollups are hourly; the shop's zone has whole-hour offsets). */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * The rollups whose rows carry a key (a page, a referrer, an item …). Besides their keyed hourly rows they keep an
 * hourly total without the key (metric `<name>#hours`): the weekday × hour grid and hourly series of a long range
 * read those few rows instead of every key of every hour.
 */
export const KEYED_ROLLUPS: ReadonlySet<string> = new Set([
  'pages',
  'events',
  'event-flow',
  'resolutions',
  'device-pixel-ratios',
  'color-schemes',
  'referrers',
  'browsers',
  'operating-systems',
  'order-origins',
  'revenue-origins',
  'popular-items',
]);

/** The hourly rollup holding a metric's totals per hour and branch (all keys summed). */
export const hoursRollupOf = (rollup: string): string => (KEYED_ROLLUPS.has(rollup) ? `${rollup}#hours` : rollup);

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDay(tz: string): (at: Date) => string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (at) => f.format(at);
}

interface Sum {
  metric: string;
  at: Date | string;
  branch: number;
  key: string;
  value: number;
}

/**
 * Rollup increments collected while one batch is stored and written with it, in the same transaction: an event is
 * counted exactly when its raw row is inserted (a redelivered batch inserts nothing and counts nothing). Three
 * layers from one increment: rollup_hourly (keyed, per UTC hour), its keyless hourly total for keyed metrics
 * (`#hours`), and rollup_daily (keyed, per calendar day in the shop's time zone).
 */
export class RollupDelta {
  private readonly hourly = new Map<string, Sum>();
  private readonly daily = new Map<string, Sum>();
  private readonly dayOf: (at: Date) => string;
  private readonly days = new Map<number, string>();

  constructor(tz: string) {
    this.dayOf = localDay(tz);
  }

  add(metric: string, at: Date, branch: number, key: string, value = 1): void {
    if (!value) return;
    const hour = hourOf(at);
    const k = key.slice(0, 500);
    bump(this.hourly, metric, hour, branch, k, value);
    if (KEYED_ROLLUPS.has(metric)) bump(this.hourly, hoursRollupOf(metric), hour, branch, '', value);
    let day = this.days.get(hour.getTime());
    if (!day) this.days.set(hour.getTime(), (day = this.dayOf(hour)));
    bump(this.daily, metric, day, branch, k, value);
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
  }
}

function bump(map: Map<string, Sum>, metric: string, at: Date | string, branch: number, key: string, value: number) {
  const id = `${metric}\u0000${at instanceof Date ? at.getTime() : at}\u0000${branch}\u0000${key}`;
  const row = map.get(id);
  if (row) row.value += value;
  else map.set(id, { metric, at, branch, key, value });
}

async function upsert(m: Pick<EntityManager, 'query'>, table: string, col: string, type: string, rows: Sum[]) {
  // in chunks: a statement has at most 65535 parameters
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    const params: unknown[] = [];
    const values = chunk.map((r, j) => {
      params.push(r.metric, r.at, r.branch, r.key, r.value);
      const b = j * 5;
      return `($${b + 1}::text, $${b + 2}::${type}, $${b + 3}::int, $${b + 4}::text, $${b + 5}::numeric)`;
    });
    await m.query(
      `INSERT INTO "statistics"."${table}" (metric, ${col}, branch, key, value)
       SELECT * FROM (VALUES ${values.join(', ')}) AS v(metric, ${col}, branch, key, value)
       ORDER BY 1, 2, 3, 4
       ON CONFLICT (metric, ${col}, branch, key) DO UPDATE SET value = "${table}".value + EXCLUDED.value`,
      params,
    );
  }
}

/**
 * Builds the derived layers (the `#hours` totals and rollup_daily in time zone `tz`) from the keyed hourly rows,
 * which are kept for ever: after the migration that added them, and whenever SHOP_TIME_ZONE changes (the days are
 * the shop's calendar days). Writers are held off meanwhile (the table locks), so no increment is lost or doubled.
 */
export async function rebuildDerivedRollups(m: Pick<EntityManager, 'query'>, tz: string): Promise<void> {
  await m.query(`LOCK TABLE "statistics"."rollup_hourly", "statistics"."rollup_daily" IN SHARE ROW EXCLUSIVE MODE`);
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
     WHERE metric NOT LIKE '%#hours' GROUP BY 1, 2, 3, 4`,
    [tz],
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
