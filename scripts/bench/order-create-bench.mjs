#!/usr/bin/env node
// npm run bench:order-create: order creation through the gateway vs the database alone.
//  1. pgbench, 10 clients, runs the order's INSERT transaction (ticket counter upsert, order row, 3 order_item
//     rows, an outbox row, an idempotency_key row) against a scratch copy of the "order" schema (pgbench_order,
//     dropped afterwards), with the bytes of a real 3-line order.
//  2. autocannon POST /api/orders through the gateway, 10 connections, 3-line body, a new Idempotency-Key per
//     request: peak rate and p99; then at a steady 80 % of that peak (runAtRate, open-loop): p99.
//  3. every order in the database was answered with a 201, and every 201 is in the database.
// Targets: gateway creation rate ≥ 35 % of pgbench TPS; p99 at 80 % of peak ≤ 50 ms.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { NO_ORDER_LIMITS, postOrder, prepareOrdering } from './order-api.mjs';
import { createScratch, findPgbench, pgLiteral, runPgbench } from './pgbench.mjs';
import { deleteRedisKeys, DURATION, runAtRate, sleep, startStack, WARMUP } from './stack.mjs';

const CONNECTIONS = 10;
const TARGET_RATIO = 0.35;
const TARGET_P99_MS = 50;
const SCRATCH = 'pgbench_order';

const PGBENCH = findPgbench();

const stack = await startStack({
  env: NO_ORDER_LIMITS,
});
const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
await db.connect();
// every run starts from empty order tables (ids keep counting, so Nats-Msg-Ids and BullMQ job ids stay unique)
await db.query(
  'TRUNCATE "order"."order", "order"."order_item", "order"."idempotency_key", "order"."outbox", "order"."ticket_counter"',
);
await deleteRedisKeys(stack.env.REDIS_URL, `${stack.env.REDIS_PREFIX}bull:*`);
const { body, order: first, branch } = await prepareOrdering(stack.gatewayUrl);
const bodyText = JSON.stringify(body);

/* ------------------------------------------------------------------ pgbench on a scratch copy of the schema */

const sample = (await db.query('SELECT * FROM "order"."order" WHERE uid = $1', [first.uid])).rows[0];
const items = (await db.query('SELECT * FROM "order"."order_item" WHERE "orderId" = $1 ORDER BY position', [sample.id]))
  .rows;
const outbox = (
  await db.query(
    "SELECT subject, payload FROM \"order\".\"outbox\" WHERE payload->>'id' = $1 OR payload->'data'->>'orderId' = $1 ORDER BY id",
    [String(sample.id)],
  )
).rows;
if (items.length !== 3 || !outbox.length) throw new Error('sample order incomplete');
const S = SCRATCH;
const lit = pgLiteral;
const counter = `INSERT INTO ${S}.ticket_counter ("branchId", "last") VALUES (${sample.branchId}, 1) ON CONFLICT ("branchId") DO UPDATE SET "last" = "ticket_counter"."last" + 1 RETURNING "last" AS ticket \\gset`;
const orderInsert = `INSERT INTO ${S}."order" (uid, hash, "branchId", "ticketNumber", "isDelivery", "isDineIn", "tableIdentifier", "paymentMethod", "appointmentDate", appointment, "counterAppointment", customer, "donateeId", "deliveryArea", pricing, "totalGross", questionnaire, "paymentRedirectUrl") VALUES (substr(md5(random()::text), 1, 22), substr(md5(random()::text), 1, 22), ${sample.branchId}, :ticket, false, false, NULL, ${lit(sample.paymentMethod)}, NULL, NULL, NULL, ${lit(sample.customer)}, NULL, NULL, ${lit(sample.pricing)}, ${sample.totalGross}, NULL, NULL) RETURNING id AS order_id, "createdAt", "updatedAt" \\gset`;
const itemsInsert = `INSERT INTO ${S}.order_item ("orderId", position, "productId", name, amount, unit, parts, gross, "taxRate") VALUES ${items.map((it) => `(:order_id, ${it.position}, ${it.productId}, ${lit(it.name)}, ${it.amount}, ${lit(it.unit)}, ${lit(it.parts)}, ${it.gross}, ${it.taxRate})`).join(', ')};`;
const outboxInsert = (row) =>
  `INSERT INTO ${S}.outbox (subject, payload, headers) VALUES (${lit(row.subject)}, ${lit(row.payload)}, NULL);`;
const idempotencyInsert = `INSERT INTO ${S}.idempotency_key (key, "requestHash", status, response) VALUES (md5(random()::text) || md5(random()::text), md5(random()::text) || md5(random()::text), 201, ${lit(first)});`;

const scripts = {
  // what the brief calls the order's INSERT transaction: the target compares against this
  brief: ['BEGIN;', counter, orderInsert, itemsInsert, outboxInsert(outbox[0]), idempotencyInsert, 'COMMIT;'],
};
const dir = mkdtempSync(join(tmpdir(), 'order-bench-'));
function pgbench(name, seconds) {
  const file = join(dir, `${name}.sql`);
  writeFileSync(file, `${scripts[name].join('\n')}\n`);
  const { res, tps, latency, failed, transactions } = runPgbench(PGBENCH, {
    file,
    protocol: 'extended',
    clients: CONNECTIONS,
    seconds,
    url: stack.env.DATABASE_URL,
  });
  if (res.status !== 0 || !tps) throw new Error(`pgbench failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return { tps, latency, failed, transactions };
}

console.log(`pgbench: ${CONNECTIONS} clients, 2 threads, extended protocol, ${DURATION} s each (warm-up 2 s) …`);
let pgBrief, scratchCounts;
try {
  await createScratch(db, SCRATCH);
  pgbench('brief', 2);
  await createScratch(db, SCRATCH);
  pgBrief = pgbench('brief', DURATION);
  scratchCounts = (
    await db.query(
      `SELECT (SELECT count(*) FROM ${S}."order")::int AS orders, (SELECT count(*) FROM ${S}.order_item)::int AS items, (SELECT count(*) FROM ${S}.outbox)::int AS outbox, (SELECT count(*) FROM ${S}.idempotency_key)::int AS keys`,
    )
  ).rows[0];
  await createScratch(db, SCRATCH);
} finally {
  await db.query(`DROP SCHEMA IF EXISTS ${SCRATCH} CASCADE`);
  rmSync(dir, { recursive: true, force: true });
}

/* ------------------------------------------------------------------ POST /api/orders through the gateway */

const uids = new Set([first.uid]);
const pending = new Map(); // Idempotency-Key → sent, no answer yet
const statuses = {};
const request = {
  method: 'POST',
  path: '/api/orders',
  body: bodyText,
  headers: { 'content-type': 'application/json' },
  setupRequest: (req, context) => {
    context.key = randomUUID();
    pending.set(context.key, true);
    return { ...req, headers: { ...req.headers, 'idempotency-key': context.key } };
  },
  onResponse: (status, resBody, context) => {
    pending.delete(context.key);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 201) uids.add(JSON.parse(resBody).data.uid);
  },
};
const run = (duration) =>
  autocannon({ url: stack.gatewayUrl, connections: CONNECTIONS, pipelining: 1, duration, requests: [request] });
const created = (r) => Number(r.statusCodeStats?.['201']?.count ?? 0);
const errors = (r) => r.errors + r.timeouts + r.non2xx;

console.log(
  `gateway: POST /api/orders (3 lines, new Idempotency-Key each), ${CONNECTIONS} connections, warm-up ${WARMUP} s, ${DURATION} s each …`,
);
await run(WARMUP);
const peak = await run(DURATION);
const peakRate = created(peak) / DURATION;
const rate80 = Math.max(1, Math.round(peakRate * 0.8));
// a steady rate, open-loop (runAtRate: autocannon's overallRate sends each second's share in one burst)
const at80 = await runAtRate(stack.gatewayUrl, request, DURATION, rate80);

// requests still in flight when autocannon stopped: their answer is the replay of their key
await sleep(500);
let replayed = 0;
for (const key of pending.keys()) {
  for (let attempt = 0; ; attempt++) {
    const res = await postOrder(stack.gatewayUrl, body, key);
    if (res.status === 201) {
      uids.add(res.body.data.uid);
      replayed++;
      break;
    }
    if (attempt > 40) throw new Error(`replay of ${key}: HTTP ${res.status}`);
    await sleep(250);
  }
}
const {
  rows: [dbCounts],
} = await db.query(
  `SELECT count(*)::int AS orders, count(*) FILTER (WHERE uid = ANY($1))::int AS answered FROM "order"."order"`,
  [[...uids]],
);
await db.end();

const row = (name, r) =>
  `${name.padEnd(30)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  ${(created(r) / DURATION).toFixed(1).padStart(7)} created/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-201/errors ${errors(r)}`;
const ratio = peakRate / pgBrief.tps;
const countsOk = dbCounts.orders === uids.size && dbCounts.answered === uids.size;
const pass =
  ratio >= TARGET_RATIO && at80.latency.p99 <= TARGET_P99_MS && countsOk && errors(peak) === 0 && errors(at80) === 0;
console.log(`
POST /api/orders (branch ${branch.identifier}, 3 simple products, takeaway, cash; ${CONNECTIONS} clients/connections)
  pgbench brief transaction      ${pgBrief.tps.toFixed(1).padStart(7)} TPS   avg latency ${pgBrief.latency.toFixed(2)} ms   failed ${pgBrief.failed}   (scratch rows: ${scratchCounts.orders} orders, ${scratchCounts.items} items, ${scratchCounts.outbox} outbox, ${scratchCounts.keys} keys)
  ${row('gateway, peak', peak)}
  ${row(`gateway, at 80 % (${rate80}/s)`, at80)}
  gateway/pgbench ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %)   p99 at 80 % of peak ${at80.latency.p99} ms (target ≤ ${TARGET_P99_MS} ms)
  status codes (all runs): ${Object.entries(statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(', ')}; answers replayed for requests cut off at the end of a run: ${replayed}
  orders in the database ${dbCounts.orders}, distinct orders answered 201 ${uids.size}, of them in the database ${dbCounts.answered}  ${countsOk ? 'OK' : 'MISMATCH'}
  ${pass ? 'PASS' : 'FAIL'}
`);
stack.stop();
process.exit(pass ? 0 : 1);
