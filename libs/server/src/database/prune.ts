import type { DataSource } from 'typeorm';

/** rows deleted per statement: short transactions, no long lock on a table others write to */
export const PRUNE_BATCH = 5000;

export interface PruneOptions {
  /** the quoted, schema-qualified table, e.g. `"order"."idempotency_key"` */
  table: string;
  /** its key column(s), e.g. `id` or `(username, client)` */
  key: string;
  /** the quoted time column compared with the cutoff */
  column: string;
  cutoff: Date;
  /** a further SQL condition every deleted row must meet */
  also?: string;
  batch?: number;
}

/**
 * Retention: deletes the rows older than the cutoff in batches (each its own short statement) and answers how
 * many went. Used by every service that keeps rows only for a while (system log, analytics, idempotency keys,
 * failed logins).
 */
export async function pruneOlderThan(ds: DataSource, o: PruneOptions): Promise<number> {
  const batch = o.batch ?? PRUNE_BATCH;
  const where = `${o.column} < $1${o.also ? ` AND ${o.also}` : ''}`;
  // a composite key `(a, b)` is compared as a row, and selected as its columns
  const columns = o.key.replace(/^\((.*)\)$/, '$1');
  let total = 0;
  for (;;) {
    const [, deleted] = (await ds.query(
      `DELETE FROM ${o.table} WHERE ${o.key} IN (SELECT ${columns} FROM ${o.table} WHERE ${where} LIMIT ${batch})`,
      [o.cutoff],
    )) as [unknown, number];
    total += deleted;
    if (deleted < batch) return total;
  }
}
