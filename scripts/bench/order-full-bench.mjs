#!/usr/bin/env node
// npm run bench:order-full (issue 22): the whole order path with every process `npm start` runs.
//  - a fresh isolated stack (database shop_orderfull, NATS prefix orderfull., Redis prefix orderfull:, gateway
//    :3940, health ports 3941–3949), every process of scripts/start.mjs, with a local SMTP sink (the mail
//    catcher of npm start) and a local SMS sink in a process of their own (order-full/sinks.mjs), so the workers
//    finish their jobs instead of retrying;
//  - 20 clients (autocannon connections) place orders in a realistic mix: takeaway now, delivery with an
//    area, preorder with an appointment, dine-in with a table (wien-innere-stadt, open and delivering all day,
//    preorders on); 1–3 lines of simple and configured products; one in ten a preorder at graz-lend with an
//    uploaded image (uploaded before the run, referenced by the line). A new Idempotency-Key per request;
//  - peak rate, p50/p99, CPU seconds per order of every process (/proc/<pid>/stat before/after; NATS and Redis
//    are shared with everything else on the machine, Postgres counts this database's backends), then p99 at
//    80 % of the peak rate, as a steady open-loop rate (runAtRate), once the peak's backlog is worked off;
//  - pgbench at 20 clients running the statements the order service sends for one order (advisory lock,
//    replay look-up, id from the sequence, the one CTE statement, unlock) on a scratch copy of the schema;
//  - at the end: every order answered 201 is in the database, its outbox rows are published and its jobs done
//    (job_completion). Targets (issue 45, replacing issue 22's ≥ 50 % of pgbench): the request path at most 2.0 ms
//    of CPU per order, the sustainable rate at least 1.5× 281/s (the last round's best run), p99 ≤ 50 ms at 80 % of
//    the sustainable rate; the ratio to pgbench printed beside them; orders per statement (group commit) from the
//    order service's shop_order_batch_orders histogram.
// BENCH_DURATION (s, default 10) per run, BENCH_WARMUP (s, default 3); BENCH_PROFILE=gateway|order|catalogue (or several, comma-separated)
// writes a CPU profile of that process to tmp/profiles (see scripts/bench/README.md).
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { ROOT } from '../lib/env.mjs';
import { login, NO_ORDER_LIMITS, postOrder } from './order-api.mjs';
import { cpuDelta, cpuSnapshot, machineBusy, postgresByService } from './order-full/cpu.mjs';
import { firstOrderOfEachKind, nextOrder, prepareShop } from './order-full/mix.mjs';
import { benchOrderStatements } from './order-full/pgbench-order.mjs';
import { orderBatches } from './order-full/batches.mjs';
import {
  ISSUE_PGBENCH_MS,
  onIssueMachine,
  TARGET_P99_MS,
  TARGET_REQUEST_PATH_MS,
  TARGET_SUSTAINABLE,
} from './order-full/targets.mjs';
import { check, drain, settledBaseline } from './order-full/settled.mjs';
import { startSinks } from './order-full/sinks.mjs';
import { DURATION, profileFlags, runAtRate, sleep, startStack, waitForHealth, WARMUP } from './stack.mjs';

const CLIENTS = 20;
const SCRATCH = 'pgbench_orderfull';
/* ------------------------------------------------------------------ the stack, as npm start runs it */

const sinks = await startSinks(); // the mail server and SMS provider, in a process of their own

const HEALTH = {
  catalogue: 3941,
  identity: 3942,
  order: 3943,
  content: 3944,
  workers: 3945,
  payment: 3946,
  signage: 3949,
};
const stack = await startStack({
  database: 'shop_orderfull',
  natsPrefix: 'orderfull.',
  redisPrefix: 'orderfull:',
  gatewayPort: 3940,
  healthPorts: HEALTH,
  services: ['catalogue', 'identity', 'order', 'content', 'payment', 'signage', 'workers'],
  fresh: true,
  env: {
    SMTP_URL: sinks.smtpUrl,
    SMS_PROVIDER_URL: sinks.smsUrl,
    STATISTICS_HEALTH_PORT: '3947',
    TIME_TRACKING_HEALTH_PORT: '3948',
    // the load comes from one address
    ...NO_ORDER_LIMITS,
  },
});
// statistics and time-tracking are not in the shared stack's list: started here with the same environment
const extra = {
  statistics: ['services/statistics/dist/main.js', 3947],
  'time-tracking': ['services/time-tracking/dist/main.js', 3948],
};
for (const [name, [entry, port]] of Object.entries(extra)) {
  const child = spawn(process.execPath, [...profileFlags(name), entry], {
    cwd: ROOT,
    env: stack.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stack.children.set(name, child);
  await waitForHealth(`http://127.0.0.1:${port}/health`, { name, timeoutMs: 90_000 });
}
process.on('exit', () => {
  for (const name of Object.keys(extra)) stack.children.get(name)?.kill('SIGTERM');
});

const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
await db.connect();
const dbName = new URL(stack.env.DATABASE_URL).pathname.slice(1);

/* ------------------------------------------------------------------ the shop: branches, products, uploads */

const gw = stack.gatewayUrl;
const session = await login(gw);
const shop = await prepareShop(gw, session);

const uids = new Set(await firstOrderOfEachKind(gw, shop));

/* ------------------------------------------------------------------ load */

const pending = new Map(); // Idempotency-Key → body, no answer yet
const statuses = {};
const kinds = {};
const failures = [];
const request = {
  method: 'POST',
  path: '/api/orders',
  headers: { 'content-type': 'application/json' },
  setupRequest: (req, context) => {
    const { kind, body } = nextOrder(shop);
    context.key = randomUUID();
    context.kind = kind;
    const text = JSON.stringify(body);
    pending.set(context.key, text);
    return { ...req, body: text, headers: { ...req.headers, 'idempotency-key': context.key } };
  },
  onResponse: (status, resBody, context) => {
    pending.delete(context.key);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 201) {
      uids.add(JSON.parse(resBody).data.uid);
      kinds[context.kind] = (kinds[context.kind] ?? 0) + 1;
    } else if (failures.length < 5) failures.push(`${context.kind} ${status} ${String(resBody).slice(0, 300)}`);
  },
};
const run = (duration) => autocannon({ url: gw, connections: CLIENTS, pipelining: 1, duration, requests: [request] });
const created = (r) => Number(r.statusCodeStats?.['201']?.count ?? 0);
const errors = (r) => r.errors + r.timeouts + r.non2xx;

console.log(`orders: ${CLIENTS} clients, warm-up ${WARMUP} s, then ${DURATION} s at peak and ${DURATION} s at 80 % …`);
const settled = await settledBaseline(db, uids);
await run(WARMUP);
await drain(db, uids, 60_000, settled);
const batchesBefore = await orderBatches(HEALTH.order);
const cpuBefore = await cpuSnapshot(stack.children, db, dbName);
const peak = await run(DURATION);
const cpuAtPeakEnd = await cpuSnapshot(stack.children, db, dbName);
const batchesAtPeakEnd = await orderBatches(HEALTH.order);
const cpu = cpuDelta(cpuBefore, cpuAtPeakEnd);
const peakOrders = created(peak);
const peakRate = peakOrders / DURATION;
// the peak leaves a backlog (jobs the workers could not keep up with, events) that the processes work off
// afterwards: measured (the CPU the peak's orders cost in all), and the 80 % run starts without it
const backlog = await check(db, uids);
const drainStarted = Date.now();
await drain(db, uids, 60_000, settled);
const drainSeconds = (Date.now() - drainStarted) / 1000;
// in two steps: a process gone by the end (a Postgres backend whose pooled connection closed) loses only the
// second step's share, not the peak's
const backlogCpu = cpuDelta(cpuAtPeakEnd, await cpuSnapshot(stack.children, db, dbName));
const cpuWithBacklog = Object.fromEntries(Object.entries(cpu).map(([name, c]) => [name, c + (backlogCpu[name] ?? 0)]));
const allCpu = Object.values(cpuWithBacklog).reduce((s, c) => s + c, 0);
// the rate the cores sustain with every job done: the steady run is at 80 % of it (or of the peak, if lower)
const sustainable = (cpus().length * peakOrders) / Math.max(allCpu, 1e-9);
const rate80 = Math.max(1, Math.round(Math.min(sustainable, peakRate) * 0.8));
const batches80Before = await orderBatches(HEALTH.order);
// what the 80 % run cost: the whole machine's busy share, and CPU per order of each process (smaller batches than
// in the peak run cost more per order)
const [cpu80Before, busy80Before, started80] = [
  await cpuSnapshot(stack.children, db, dbName),
  machineBusy(),
  Date.now(),
];
const at80 = await runAtRate(gw, request, DURATION, rate80);
const busy80 = (machineBusy() - busy80Before) / ((cpus().length * (Date.now() - started80)) / 1000);
const cpu80 = cpuDelta(cpu80Before, await cpuSnapshot(stack.children, db, dbName));
const batches80 = await orderBatches(HEALTH.order);
const loadAfterLoad = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// requests still in flight when a run stopped: their answer is the replay of their key
await sleep(500);
let replayed = 0;
for (const [key, text] of pending) {
  for (let attempt = 0; ; attempt++) {
    const res = await postOrder(gw, JSON.parse(text), key);
    if (res.status === 201 || res.status === 200) {
      uids.add(res.body.data.uid);
      replayed++;
      break;
    }
    if (attempt > 40) throw new Error(`replay of ${key}: HTTP ${res.status}`);
    await sleep(250);
  }
}

/* ------------------------------------------------------------------ every 201: in the database, events, jobs */

const v = await drain(db, uids, 120_000, settled);
// the stack's pools hold many connections: stopped before pgbench needs its 20 (the server's limit is shared)
stack.stop();
for (const name of Object.keys(extra)) stack.children.get(name)?.kill('SIGTERM');
await Promise.all([...stack.children.values()].map((c) => c.exited ?? sleep(3000)));

/* ------------------------------------------------------------------ pgbench: the order's own statements */

console.log(`pgbench: ${CLIENTS} clients, the order service's statements for one order, ${DURATION} s …`);
const pgb = await benchOrderStatements(db, uids, {
  url: stack.env.DATABASE_URL,
  clients: CLIENTS,
  seconds: DURATION,
  schema: SCRATCH,
});

/* ------------------------------------------------------------------ report */

const orderCpu = Object.entries(cpu).sort((a, b) => b[1] - a[1]);
/** CPU seconds of the stack's node processes (not Postgres, NATS, Redis) */
const nodeSum = (byProcess) =>
  Object.entries(byProcess)
    .filter(([n]) => stack.children.has(n))
    .reduce((s, [, c]) => s + c, 0);
const nodeCpu = nodeSum(cpu);
const nodeCpuAll = nodeSum(cpuWithBacklog);
// what the ratio could reach at best: the processes an order's request passes through, with nothing else on the
// cores (no workers, statistics, bench clients); pgbench's CPU per transaction on the same machine beside it
const REQUEST_PATH = [
  'gateway',
  'order',
  'catalogue',
  'content',
  'postgres (this db)',
  'nats-server (shared)',
  'redis-server (shared)',
];
const pathCpu = (byProcess, orders) =>
  REQUEST_PATH.reduce((sum, n) => sum + (byProcess[n] ?? 0), 0) / Math.max(1, orders);
const requestPathCpu = pathCpu(cpu, peakOrders);
const orders80 = created(at80);
const all80 = Object.values(cpu80).reduce((s, c) => s + c, 0) / Math.max(1, orders80);
const requestPathRate = cpus().length / requestPathCpu;
const ratio = peakRate / pgb.tps;
const perStatement = (a, b) => ((b.sum - a.sum) / Math.max(1, b.count - a.count)).toFixed(1);
const allInDb = v.answered === uids.size;
const eventsOk = v.events === uids.size && v.unpublished === 0;
const jobsOk = v.jobsopen === 0 && v.jobs >= uids.size;
const pass =
  requestPathCpu * 1000 <= TARGET_REQUEST_PATH_MS &&
  sustainable >= TARGET_SUSTAINABLE &&
  at80.latency.p99 <= TARGET_P99_MS &&
  allInDb &&
  eventsOk &&
  jobsOk &&
  errors(peak) === 0 &&
  errors(at80) === 0;
const ms = (x) => `${(x * 1000).toFixed(2)} ms`;
console.log(`
POST /api/orders, full stack (${stack.children.size} processes), ${CLIENTS} clients, mix of the issue (orders in the peak run: ${Object.entries(
  kinds,
)
  .map(([k, n]) => `${k} ${n}`)
  .join(', ')})
  peak              ${peakRate.toFixed(1).padStart(7)} orders/s   p50 ${String(peak.latency.p50).padStart(4)} ms   p99 ${String(peak.latency.p99).padStart(4)} ms   non-201/errors ${errors(peak)}
  after the peak      jobs not done ${backlog.jobsopen}, unpublished outbox rows ${backlog.unpublished}: worked off in ${drainSeconds.toFixed(1)} s before the next run
  sustainable    at most ${sustainable.toFixed(0).padStart(5)} orders/s on ${cpus().length} cores with every job done as fast as orders come (${ms(allCpu / peakOrders)} of CPU per order, all processes, backlog included; target ≥ ${TARGET_SUSTAINABLE.toFixed(0)}/s)
  group commit        orders per statement: ${perStatement(batchesBefore, batchesAtPeakEnd)} in the peak run, ${perStatement(batches80Before, batches80)} at 80 %
  at 80 % (${String(rate80).padStart(3)}/s) ${(created(at80) / DURATION).toFixed(1).padStart(7)} orders/s   p50 ${String(at80.latency.p50).padStart(4)} ms   p99 ${String(at80.latency.p99).padStart(4)} ms   non-201/errors ${errors(at80)}   (sent late by the bench: p99 ${at80.sentLate.p99} ms)
                    the cores ${(busy80 * 100).toFixed(0)} % busy (the whole machine): ${ms(all80)} of CPU per order (all processes), request path ${ms(pathCpu(cpu80, orders80))} (${ms(requestPathCpu)} in the peak run; smaller batches cost more per order, each process below)
  pgbench           ${pgb.tps.toFixed(1).padStart(7)} TPS (${CLIENTS} clients, the order's statements)   avg latency ${pgb.latency.toFixed(2)} ms   failed ${pgb.failed}
  ratio ${(ratio * 100).toFixed(1)} % of pgbench (the peak against one order per transaction)   p99 at 80 % of the sustainable rate ${at80.latency.p99} ms (target ≤ ${TARGET_P99_MS} ms)
  request path      ${REQUEST_PATH.map((n) => n.split(' ')[0]).join(', ')}: ${ms(requestPathCpu)} of CPU per order in the peak run (target ≤ ${TARGET_REQUEST_PATH_MS.toFixed(1)} ms); pgbench ${ms(pgb.cpuPerTransaction)} per transaction (the machine's): with no workers, statistics or clients on the cores at most ${requestPathRate.toFixed(0)} orders/s = ${((requestPathRate / pgb.tps) * 100).toFixed(1)} % of pgbench
  on the issue's machine  scaled by pgbench's CPU per transaction (${ISSUE_PGBENCH_MS.join('–')} ms there, ${ms(pgb.cpuPerTransaction)} here): request path ${onIssueMachine(requestPathCpu, pgb.cpuPerTransaction, 2)} ms (target 2.0; ${(requestPathCpu / pgb.cpuPerTransaction).toFixed(2)} transactions' CPU per order), sustainable ${onIssueMachine(1 / sustainable, pgb.cpuPerTransaction, 0, true)}/s (target ≥ ${TARGET_SUSTAINABLE.toFixed(0)})
  CPU per order (${peakOrders} orders; node processes ${ms(nodeCpu / peakOrders)} in the peak run, ${ms(nodeCpuAll / peakOrders)} with the backlog it left):
                             in the peak run   with its backlog          at 80 %
${orderCpu.map(([n, c]) => `    ${n.padEnd(24)} ${ms(c / Math.max(1, peakOrders)).padStart(10)} (${c.toFixed(2).padStart(5)} s) ${ms((cpuWithBacklog[n] ?? 0) / Math.max(1, peakOrders)).padStart(10)} (${(cpuWithBacklog[n] ?? 0).toFixed(2).padStart(5)} s) ${ms((cpu80[n] ?? 0) / Math.max(1, orders80)).padStart(10)} (${(cpu80[n] ?? 0).toFixed(2).padStart(5)} s)`).join('\n')}
  Postgres's share by the service its backends serve (in the peak run): ${postgresByService(cpuBefore, cpuAtPeakEnd, peakOrders).join(', ')}
  status codes (all runs): ${Object.entries(statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(
      ', ',
    )}; replayed after a run's cut-off: ${replayed}${failures.length ? `\n  first failures:\n    ${failures.join('\n    ')}` : ''}
  answered 201: ${uids.size}, in the database ${v.answered} ${allInDb ? 'OK' : 'MISSING'}; order.order.created events ${v.events}, unpublished outbox rows ${v.unpublished} ${eventsOk ? 'OK' : 'FAIL'}; jobs ${v.jobs}, not done ${v.jobsopen} ${jobsOk ? 'OK' : 'FAIL'}
  load average after the order runs: ${loadAfterLoad}
  ${pass ? 'PASS' : 'FAIL'}
`);
await sinks.close();
process.exit(pass ? 0 : 1);
