import type { EntityManager } from 'typeorm';

const HOUR_MS = 3_600_000;

/** The whole UTC hour an instant falls in (rollups are hourly; the shop's zone has whole-hour offsets). */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Rollup increments collected while one batch is stored and written with it, in the same transaction, by one
 * upsert: an event is counted exactly when its raw row is inserted (a redelivered batch inserts nothing and
 * counts nothing).
 */
export class RollupDelta {
  private readonly sums = new Map<string, { metric: string; hour: Date; branch: number; key: string; value: number }>();

  add(metric: string, at: Date, branch: number, key: string, value = 1): void {
    if (!value) return;
    const hour = hourOf(at);
    const id = `${metric}\u0000${hour.getTime()}\u0000${branch}\u0000${key}`;
    const row = this.sums.get(id);
    if (row) row.value += value;
    else this.sums.set(id, { metric, hour, branch, key: key.slice(0, 500), value });
  }

  get size(): number {
    return this.sums.size;
  }

  async write(m: EntityManager): Promise<void> {
    const rows = [...this.sums.values()];
    // in chunks: a statement has at most 65535 parameters
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000);
      const params: unknown[] = [];
      const values = chunk.map((r, j) => {
        params.push(r.metric, r.hour, r.branch, r.key, r.value);
        const b = j * 5;
        return `($${b + 1}::text, $${b + 2}::timestamptz, $${b + 3}::int, $${b + 4}::text, $${b + 5}::numeric)`;
      });
      // sorted keys: two transactions touching the same rows lock them in the same order (no deadlock)
      await m.query(
        `INSERT INTO "statistics"."rollup_hourly" (metric, hour, branch, key, value)
         SELECT * FROM (VALUES ${values.join(', ')}) AS v(metric, hour, branch, key, value)
         ORDER BY 1, 2, 3, 4
         ON CONFLICT (metric, hour, branch, key) DO UPDATE SET value = "rollup_hourly".value + EXCLUDED.value`,
        params,
      );
    }
  }
}
