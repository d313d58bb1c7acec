#!/usr/bin/env node
// npm run drill:print — 1,000 print jobs while the workers process is killed with SIGKILL twice (restarted
// after a second, like scripts/start.mjs' supervisor). A simulated Star CloudPRNT printer pulls and confirms
// every receipt meanwhile. At the end: every job is in the printer's queue exactly once and was printed once.
// Prints "lost" and "duplicate sends"; both must be 0. Fresh stack: database shop_drill_print, prefixes
// drillp./drillp:, ports 3930+.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import pg from 'pg';
import { prepareOrdering } from '../bench/order-api.mjs';
import { sleep, startStack } from '../bench/stack.mjs';

const JOBS = Number(process.env.DRILL_JOBS ?? 1000);
const KILL_AT = [0.3, 0.65].map((f) => Math.round(JOBS * f)); // after this many receipts are in the printer's queue
const DEADLINE_MS = 180_000;

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
console.log('› fresh stack: database shop_drill_print, NATS prefix drillp., Redis prefix drillp:, gateway :3930');
process.once('SIGTERM', () => process.exit(143)); // the stack's children are stopped on exit
const stack = await startStack({
  database: 'shop_drill_print',
  natsPrefix: 'drillp.',
  redisPrefix: 'drillp:',
  gatewayPort: 3930,
  healthPorts: { catalogue: 3931, identity: 3932, order: 3933, content: 3934, payment: 3935, workers: 3936 },
  services: ['catalogue', 'identity', 'order', 'content', 'payment', 'workers'],
  fresh: true,
  env: {
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000000',
    // the one printer polls as fast as it can: above its device limit
    RATE_LIMIT_PRINTER_PER_MINUTE: '1000000000',
    // many orders from one address: above the abuse limits of anonymous orders
    ORDER_CHALLENGE_AFTER: '1000000000',
    ORDER_LIMIT_PER_CLIENT: '1000000000',
    ORDER_LIMIT_PER_PHONE: '1000000000',
    ORDER_LIMIT_PER_EMAIL: '1000000000',
    WORKER_LOCK_DURATION_MS: '3000',
    PRINT_CONCURRENCY: '8',
    JOB_REDISPATCH_INTERVAL_MS: '2000',
    JOB_REDISPATCH_AFTER_MS: '15000',
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'error',
  },
});
const gw = stack.gatewayUrl;
const { session, branch, order } = await prepareOrdering(gw);
const staff = async (method, path, body) => {
  const headers = {
    cookie: session.cookie,
    'x-csrf-token': session.csrfToken,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const res = await fetch(`${gw}${path}`, { method, headers, body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return res;
};
const device = (
  await (
    await staff('POST', '/api/devices', {
      identifier: 'drill-kueche',
      name: 'Küche',
      type: 'printer',
      branch: branch.id,
      protocol: 'cloudprnt',
      pollIntervalSeconds: 1,
    })
  ).json()
).data;
console.log(
  `› order ${order.id}; ${JOBS} print requests; the workers are killed after ${KILL_AT.join(' and ')} queued receipts`,
);

const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
await db.connect();
const PRINTS = `"deviceId" = $1 AND "jobKey" LIKE 'print-%-print-%'`;
const queuedCount = async () =>
  Number((await db.query(`SELECT count(*) FROM "order".device_queue WHERE ${PRINTS}`, [device.id])).rows[0].count);

// the printer: poll, GET, DELETE 200 OK, as fast as it can
const auth = `Basic ${Buffer.from(`drill-kueche:${device.apiKey}`).toString('base64')}`;
const printed = new Map(); // token → times printed
let printing = true;
const printer = (async () => {
  while (printing) {
    const poll = await (
      await fetch(`${gw}/api/printers/cloudprnt`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: '{"statusCode":"200%20OK"}',
      })
    ).json();
    if (!poll.jobReady) {
      await sleep(50);
      continue;
    }
    const job = await fetch(`${gw}/api/printers/cloudprnt?token=${poll.jobToken}&type=text/plain`, {
      headers: { authorization: auth },
    });
    if (job.status !== 200) continue;
    await job.arrayBuffer();
    printed.set(poll.jobToken, (printed.get(poll.jobToken) ?? 0) + 1);
    await fetch(`${gw}/api/printers/cloudprnt?token=${poll.jobToken}&code=200%20OK`, {
      method: 'DELETE',
      headers: { authorization: auth },
    });
  }
})();

// print requests of one order take its row lock one after another: a few at a time
// the jobs pile up while no worker runs, so the kills below hit a worker in the middle of the backlog
await stack.kill('workers', 'SIGKILL');
for (let i = 0; i < JOBS; i += 10) {
  await Promise.all(
    Array.from({ length: Math.min(10, JOBS - i) }, () =>
      staff('POST', `/api/orders/${order.id}/print`).then((r) => r.arrayBuffer()),
    ),
  );
}
console.log(`› ${JOBS} print jobs requested (${elapsed()}); starting the workers`);
stack.start('workers');

for (const at of KILL_AT) {
  while ((await queuedCount()) < at) await sleep(10);
  await stack.kill('workers', 'SIGKILL');
  console.log(`› workers killed with ${await queuedCount()} receipts queued (${elapsed()}); restarting in 1 s`);
  await sleep(1000);
  stack.start('workers');
}
const deadline = Date.now() + DEADLINE_MS;
while (Date.now() < deadline) {
  const done = Number(
    (await db.query(`SELECT count(*) FROM "order".device_queue WHERE ${PRINTS} AND status = 'done'`, [device.id]))
      .rows[0].count,
  );
  if (done >= JOBS) break;
  await sleep(200);
}
printing = false;
await printer;

const rows = (
  await db.query(`SELECT "jobKey", count(*)::int AS n FROM "order".device_queue WHERE ${PRINTS} GROUP BY "jobKey"`, [
    device.id,
  ])
).rows;
const expected = new Set(Array.from({ length: JOBS }, (_, i) => `print-${order.id}-print-${i + 1}`));
const lost = [...expected].filter((k) => !rows.some((r) => r.jobKey === k)).length;
const duplicateQueued = rows.reduce((sum, r) => sum + r.n - 1, 0);
const tokens = new Set(
  (await db.query(`SELECT token FROM "order".device_queue WHERE ${PRINTS}`, [device.id])).rows.map((r) => r.token),
);
const printedJobs = [...printed.entries()].filter(([token]) => tokens.has(token));
const duplicatePrints = printedJobs.reduce((sum, [, n]) => sum + n - 1, 0);
console.log(`
print jobs requested   ${JOBS}
in the printer's queue ${rows.length}
printed                ${printedJobs.length}
lost                   ${lost}
duplicate sends        ${duplicateQueued + duplicatePrints}   (queue entries ${duplicateQueued}, prints ${duplicatePrints})
not printed            ${JOBS - printedJobs.length}
took                   ${elapsed()}`);
await db.end();
stack.stop();
process.exit(lost === 0 && duplicateQueued + duplicatePrints === 0 && printedJobs.length === JOBS ? 0 : 1);
