// order-full-bench's database side: pgbench at the bench's clients running the statements the order service sends
// for one order (advisory lock, replay look-up, id from the sequence, the one CTE statement, unlock) with the bytes
// of an order of the run, on a scratch copy of the schema.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineBusy } from './cpu.mjs';
import { createScratch, findPgbench, pgLiteral as lit, runPgbench } from '../pgbench.mjs';

const PGBENCH = findPgbench();

/** The pgbench script: the order write's statement for a new key, with the bytes of a 3-line order of the run. */
async function orderScript(db, uids, S) {
  const sample = (
    await db.query(
      `SELECT * FROM "order"."order" WHERE uid = ANY($1) AND jsonb_array_length(
      (SELECT jsonb_agg(1) FROM "order"."order_item" i WHERE i."orderId" = "order".id)) = 3 AND NOT "isDelivery"
      ORDER BY id LIMIT 1`,
      [[...uids]],
    )
  ).rows[0];
  const items = (
    await db.query('SELECT * FROM "order"."order_item" WHERE "orderId" = $1 ORDER BY position', [sample.id])
  ).rows;
  const outbox = (
    await db.query(
      `SELECT subject, payload, headers FROM "order"."outbox"
       WHERE (subject = 'order.order.created' AND payload->>'id' = $1) OR payload->'data'->'snapshot'->'order'->>'id' = $1 ORDER BY id`,
      [String(sample.id)],
    )
  ).rows;
  const answer = (
    await db.query('SELECT response FROM "order"."idempotency_key" WHERE response->>\'uid\' = $1', [sample.uid])
  ).rows[0]?.response;
  if (!outbox.length || !answer) throw new Error('sample order incomplete');
  const linesJson = items.map(({ position, productId, name, amount, unit, parts, gross, taxRate }) => ({
    position,
    productId,
    name,
    amount: Number(amount),
    unit,
    parts,
    gross: Number(gross),
    taxRate: Number(taxRate),
  }));
  // the statement of OrderWriteRepository.insert for a new key, with this order's bytes (the service takes order ids
  // from the sequence 50 at a time: here each transaction draws its own)
  return [
    `\\set k random(1, 2000000000)`,
    `WITH lock AS (
       SELECT pg_try_advisory_xact_lock(hashtextextended('bench-' || :k, 42)) AS ok
     ), claim AS (
       INSERT INTO ${S}."idempotency_key" ("key", "requestHash", status, response)
       SELECT 'bench-' || :k, md5(random()::text) || md5(random()::text), 201, ${lit(answer)}::jsonb FROM lock WHERE ok
       ON CONFLICT ("key") DO UPDATE SET "requestHash" = EXCLUDED."requestHash", status = EXCLUDED.status,
         response = EXCLUDED.response, "createdAt" = now()
         WHERE "idempotency_key"."createdAt" < now() - make_interval(hours => 24)
       RETURNING 1
     ), counter AS (
       INSERT INTO ${S}."ticket_counter" ("branchId", "last") SELECT ${sample.branchId}, 1 FROM claim
       ON CONFLICT ("branchId") DO UPDATE SET "last" = "ticket_counter"."last" + 1 RETURNING "last"
     ), placed AS (
       INSERT INTO ${S}."order" (id, uid, hash, "branchId", "ticketNumber", "isDelivery", "isDineIn", "tableIdentifier",
         "paymentMethod", "appointmentDate", appointment, customer, "donateeId", "deliveryArea", pricing, "totalGross")
       SELECT nextval('${S}."order_id_seq"'), substr(md5(random()::text), 1, 22), substr(md5(random()::text), 1, 22), ${sample.branchId}, counter."last",
         ${sample.isDelivery}, ${sample.isDineIn}, ${lit(sample.tableIdentifier)}, ${lit(sample.paymentMethod)}, NULL, NULL,
         ${lit(sample.customer)}::jsonb, NULL, NULL, ${lit(sample.pricing)}::jsonb, ${sample.totalGross} FROM counter
       RETURNING id, "ticketNumber"
     ), lines AS (
       INSERT INTO ${S}."order_item" ("orderId", position, "productId", name, amount, unit, parts, gross, "taxRate")
       SELECT placed.id, l.position, l."productId", l.name, l.amount, l.unit, l.parts, l.gross, l."taxRate"
       FROM json_to_recordset(${lit(linesJson)}::json) AS l(position int, "productId" int, name text, amount numeric, unit text, parts json, gross numeric, "taxRate" numeric), placed
     ), events AS (
       INSERT INTO ${S}."outbox" (subject, payload, headers)
       SELECT e.subject, CASE WHEN e.subject LIKE 'job.%'
                THEN jsonb_set(e.payload, '{data,snapshot,order,ticketNumber}', to_jsonb(placed."ticketNumber")) ELSE e.payload END,
              e.headers
       FROM json_to_recordset(${lit(outbox)}::json) AS e(subject text, payload jsonb, headers jsonb), placed
     )
     SELECT lock.ok AS locked, placed."ticketNumber" AS ticket FROM lock LEFT JOIN placed ON true;`.replace(
      /\n\s*/g,
      ' ',
    ),
  ];
}

/** pgbench of the script `file`, `clients` at a time for `seconds`: tps, latency, failed, the machine's CPU each. */
function pgbench(file, { url, clients, seconds }, attempt = 0) {
  const busyBefore = machineBusy();
  // as the order service sends them: named prepared statements (parsed and planned once per connection)
  const { res, tps, latency, failed } = runPgbench(PGBENCH, { file, protocol: 'prepared', clients, seconds, url });
  const busy = machineBusy() - busyBefore;
  if (res.status !== 0 || !tps) {
    // other stacks on the machine may hold the server's connections for a moment: try again a few times
    if (/too many clients/.test(res.stdout + res.stderr) && attempt < 10) {
      spawnSync('sleep', ['3']);
      return pgbench(file, { url, clients, seconds }, attempt + 1);
    }
    throw new Error(`pgbench failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  // the machine's CPU per transaction: Postgres and pgbench itself (and the idle stack's small share)
  return { tps, latency, failed, cpuPerTransaction: busy / (tps * seconds) };
}

/** A 2-second warm-up, then `seconds` of pgbench, each on a fresh scratch schema; drops it and closes `db`. */
export async function benchOrderStatements(db, uids, { url, clients, seconds, schema }) {
  const dir = mkdtempSync(join(tmpdir(), 'orderfull-bench-'));
  try {
    const file = join(dir, 'order.sql');
    writeFileSync(file, `${(await orderScript(db, uids, schema)).join('\n')}\n`);
    await createScratch(db, schema);
    pgbench(file, { url, clients, seconds: 2 });
    await createScratch(db, schema);
    return pgbench(file, { url, clients, seconds });
  } finally {
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    rmSync(dir, { recursive: true, force: true });
    await db.end();
  }
}
