// pgbench for the order benches (order-create-bench, order-full-bench): where it is, a scratch copy of the order
// write's tables to run the order's statements on, literals a pgbench script can carry, and one timed run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findPgbench() {
  const which = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  for (const v of ['17', '16', '15', '14', '13'])
    if (existsSync(`/usr/lib/postgresql/${v}/bin/pgbench`)) return `/usr/lib/postgresql/${v}/bin/pgbench`;
  throw new Error('pgbench not found (PATH or /usr/lib/postgresql/*/bin/pgbench)');
}

/** A value as a literal of a pgbench script (JSON for objects), NULL for null and undefined. */
// pgbench turns every ":word" of a script into a variable, even inside quotes: colons are written as \x3a
export const pgLiteral = (v) =>
  v === null || v === undefined
    ? 'NULL'
    : `E'${(typeof v === 'string' ? v : JSON.stringify(v)).replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'`;

/** A fresh schema `schema` with empty copies of the order write's tables (dropped first if there). */
export async function createScratch(db, schema) {
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  for (const t of ['order', 'order_item', 'ticket_counter', 'idempotency_key', 'outbox']) {
    await db.query(`CREATE TABLE ${schema}."${t}" (LIKE "order"."${t}" INCLUDING ALL)`);
  }
  // own sequences: the copied defaults would draw ids from the real tables' sequences
  for (const t of ['order', 'outbox']) {
    await db.query(
      `CREATE SEQUENCE ${schema}."${t}_id_seq"; ALTER TABLE ${schema}."${t}" ALTER COLUMN id SET DEFAULT nextval('${schema}."${t}_id_seq"')`,
    );
  }
}

/**
 * One pgbench run of the script `file` (2 threads, no vacuum) with the given protocol (-M), clients and seconds
 * against `url`: the process's answer and what pgbench reported (tps without the initial connection time, average
 * latency in ms, failed and processed transactions).
 */
export function runPgbench(bin, { file, protocol, clients, seconds, url }) {
  const args = ['-n', '-M', protocol, '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, url];
  const res = spawnSync(bin, args, { encoding: 'utf8' });
  return {
    res,
    tps: Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout)?.[1]),
    latency: Number(/latency average = ([\d.]+) ms/.exec(res.stdout)?.[1]),
    failed: Number(/number of failed transactions: (\d+)/.exec(res.stdout)?.[1] ?? 0),
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(res.stdout)?.[1]),
  };
}
