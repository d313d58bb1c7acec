import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ALL_BRANCHES,
  GRID_ROLLUPS,
  KEYED_ROLLUPS,
  RollupDelta,
  SPANS,
  TOTAL_KEY_SQL,
  type RollupSum,
} from './rollups.js';

type Querier = Pick<EntityManager, 'query'>;
const TZ = 'Europe/Vienna';

/** A delta with a row in every layer: a keyed metric (hourly, daily, weeks and months) and a grid metric. */
function exampleDelta(): RollupDelta {
  const d = new RollupDelta(TZ);
  d.add('pages', new Date('2026-03-02T10:17:00Z'), 1, '/');
  d.add('orders', new Date('2026-03-02T10:43:00Z'), 1, '');
  return d;
}

/**
 * The rollup tables (rollup_hourly, rollup_daily, rollup_span, rollup_state): the increments of a batch, written
 * in the caller's transaction, and the derived layers rebuilt from the keyed hourly rows.
 */
@Injectable()
export class RollupRepository {
  constructor(private readonly ds: DataSource) {}

  /** Adds a delta's sums to its layers (RollupDelta collects them while a batch is stored). */
  @GenerateSql({ params: ({ manager }) => [manager, exampleDelta()] })
  async write(m: Querier, delta: RollupDelta): Promise<void> {
    const { hourly, daily, spans } = delta.layers();
    // hourly before daily in every transaction, each in sorted key order: two transactions touching the same
    // rows lock them in the same order (no deadlock)
    await upsert(m, 'rollup_hourly', 'hour', 'timestamptz', hourly);
    await upsert(m, 'rollup_daily', 'day', 'date', daily);
    await upsert(m, 'rollup_span', 'start', 'date', spans);
  }

  /**
   * Builds the derived layers (the `#hours` totals — per unit for the quantity metrics —, rollup_daily and rollup_span in time zone `tz`) from the keyed
   * hourly rows, which are kept for ever: after a migration that adds a layer, and whenever SHOP_TIME_ZONE changes
   * (the days are the shop's calendar days). Writers are held off meanwhile (the table locks), so no increment is
   * lost or doubled.
   */
  @GenerateSql({ params: ({ manager }) => [manager, TZ] })
  async rebuildDerived(m: Querier, tz: string): Promise<void> {
    await m.query(
      `LOCK TABLE "statistics"."rollup_hourly", "statistics"."rollup_daily", "statistics"."rollup_span" IN SHARE ROW EXCLUSIVE MODE`,
    );
    await m.query(`DELETE FROM "statistics"."rollup_hourly" WHERE metric LIKE '%#hours'`);
    await m.query(
      `INSERT INTO "statistics"."rollup_hourly" (metric, hour, branch, key, value)
     SELECT metric || '#hours', hour, branch, ${TOTAL_KEY_SQL}, sum(value) FROM "statistics"."rollup_hourly"
     WHERE metric = ANY($1::text[]) GROUP BY 1, 2, 3, 4`,
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

  /**
   * Rebuilds the derived layers once when they were built for another time zone (or never); see rebuildDerived.
   * Answers whether it rebuilt them.
   */
  @GenerateSql({ params: [TZ] })
  ensureDerived(tz: string): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      // one replica rebuilds; the others wait for its lock and then find the zone recorded
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('statistics.rollup_state'))`);
      const [state] = (await m.query(`SELECT "timeZone" FROM "statistics"."rollup_state" WHERE id = 1`)) as Array<{
        timeZone: string;
      }>;
      if (state?.timeZone === tz) return false;
      await this.rebuildDerived(m, tz);
      return true;
    });
  }
}

async function upsert(m: Querier, table: string, col: string, type: string, rows: RollupSum[]) {
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
