#!/usr/bin/env node
// npm run bench:order-full (issue 22): the whole order path with every process `npm start` runs.
//  - a fresh isolated stack (database shop_orderfull, NATS prefix orderfull., Redis prefix orderfull:, gateway
//    :3940, health ports 3941–3949), every process of scripts/start.mjs, with a local SMTP sink (the mail
//    catcher of npm start) and a local SMS sink, so the workers finish their jobs instead of retrying;
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
//    (job_completion). Targets (issue 22): ≥ 50 % of pgbench, p99 ≤ 50 ms at 80 % of peak.
// BENCH_DURATION (s, default 10) per run, BENCH_WARMUP (s, default 3); BENCH_PROFILE=gateway|order|catalogue (or several, comma-separated)
// writes a CPU profile of that process to tmp/profiles (see scripts/bench/README.md).
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startMailCatcher } from '../lib/dev-mail.mjs';
import { ROOT } from '../lib/env.mjs';
import { login, postOrder } from './order-api.mjs';
import { profileFlags, runAtRate, sleep, startStack, waitForHealth } from './stack.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CLIENTS = 20;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const SCRATCH = 'pgbench_orderfull';
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

function findPgbench() {
  const which = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  for (const v of ['17', '16', '15', '14', '13'])
    if (existsSync(`/usr/lib/postgresql/${v}/bin/pgbench`)) return `/usr/lib/postgresql/${v}/bin/pgbench`;
  throw new Error('pgbench not found (PATH or /usr/lib/postgresql/*/bin/pgbench)');
}
const PGBENCH = findPgbench();

/* ------------------------------------------------------------------ the stack, as npm start runs it */

const mailDir = mkdtempSync(join(tmpdir(), 'orderfull-mail-'));
const mail = await startMailCatcher({ dir: mailDir, keep: 50 });
// the SMS provider (only asked when the SMS plugin is on): answers every message
const sms = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: randomUUID() }));
  });
});
await new Promise((r) => sms.listen(0, '127.0.0.1', r));

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
    SMTP_URL: mail.url,
    SMS_PROVIDER_URL: `http://127.0.0.1:${sms.address().port}/messages`,
    STATISTICS_HEALTH_PORT: '3947',
    TIME_TRACKING_HEALTH_PORT: '3948',
    // the load comes from one address
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000000',
    ORDER_CHALLENGE_AFTER: '1000000000',
    ORDER_LIMIT_PER_CLIENT: '1000000000',
    ORDER_LIMIT_PER_PHONE: '1000000000',
    ORDER_LIMIT_PER_EMAIL: '1000000000',
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

async function json(res, what) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}
const gw = stack.gatewayUrl;
const session = await login(gw);
const staff = { cookie: session.cookie, 'x-csrf-token': session.csrfToken };

/** Open (and delivering) all day, preorders on: every order type is accepted whatever the time of day. */
async function openBranch(identifier) {
  const { data: pub } = await json(await fetch(`${gw}/api/branches/${identifier}`), 'GET branch');
  const { data: full } = await json(
    await fetch(`${gw}/api/branches/${pub.id}`, { headers: { cookie: session.cookie } }),
    'GET branch by id',
  );
  const res = await fetch(`${gw}/api/branches/${pub.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...staff },
    body: JSON.stringify({ ...full, openingHours: ALL_DAY, deliveryHours: ALL_DAY, isPreorderEnabled: true }),
  });
  return (await json(res, 'PUT branch')).data;
}
const wien = await openBranch('wien-innere-stadt');
const graz = await openBranch('graz-lend');
const { data: products } = await json(await fetch(`${gw}/api/products?perPage=500`), 'GET products');
const byName = (name) => {
  const p = products.find((x) => x.name === name);
  if (!p) throw new Error(`product not found: ${name}`);
  return p;
};
const WIEN_PRODUCTS = [
  'Tafelspitz mit Apfelkren und Schnittlauchsauce',
  'Apfelstrudel',
  'Fiakergulasch',
  'Pizza Margherita',
  'Bowl nach Wahl',
].map(byName);
const GIFT = byName('Geschenkkorb nach Wahl');

// a 1×1 PNG, uploaded a few times (each upload its own row and file): one in ten orders refers to one of them
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const uploads = [];
for (let i = 0; i < 5; i++) {
  const res = await fetch(`${gw}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: PNG, filename: `vorlage-${i + 1}.png` }),
  });
  const { data } = await json(res, 'POST /api/uploads');
  uploads.push({ id: data.id, publicHash: data.publicHash });
}

/* ------------------------------------------------------------------ the order mix */

let seed = 22;
const rnd = () => {
  // deterministic (mulberry32): the same mix every run
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(rnd() * list.length)];

/** The parts of a configured product as a customer picks them: every required step, sometimes an extra. */
function partsOf(product, upload) {
  const parts = {};
  for (const [key, step] of Object.entries(product.config?.parts ?? {})) {
    if (step.type === 'select' && (!step.optional || rnd() < 0.3)) parts[key] = pick(step.options).name;
    else if (step.type === 'multiselect' && (!step.optional || rnd() < 0.5)) parts[key] = [pick(step.options).name];
    else if ((step.type === 'text' || step.type === 'textarea') && (!step.optional || rnd() < 0.3))
      parts[key] = 'Bitte gut verpacken.';
    else if ((step.type === 'image' || step.type === 'images') && upload) parts[key] = [upload];
  }
  return parts;
}
const line = (product, upload = null) => ({
  product: product.id,
  amount: 1 + Math.floor(rnd() * 2),
  parts: partsOf(product, upload),
});
const inHours = (h) => {
  const d = new Date(Date.now() + h * 3_600_000);
  d.setUTCMinutes(Math.ceil(d.getUTCMinutes() / 15) * 15, 0, 0);
  return d.toISOString();
};
const customer = {
  firstName: 'Anna',
  lastName: 'Berger',
  email: 'anna@example.at',
  phone: '+43 660 1234567',
  street: 'Hauptstraße 1',
  zipCode: '1010',
  city: 'Wien',
  country: 'AT',
  legalInstructions: true,
  privacyPolicy: true,
  paymentMethod: 'cash',
};
const TYPES = ['takeaway', 'delivery', 'preorder', 'dineIn'];
let placed = 0;
/** The next body of the mix: one in ten with an upload, else the four order types in turn at random. */
function nextOrder(kind = placed++ % 10 === 9 ? 'upload' : pick(TYPES)) {
  if (kind === 'upload')
    return {
      kind,
      body: {
        ...customer,
        branch: graz.id,
        isDelivery: false,
        isDineIn: false,
        appointmentDate: inHours(24 + rnd() * 48),
        items: [line(GIFT, pick(uploads)), ...(rnd() < 0.5 ? [line(byName('Apfelstrudel'))] : [])],
      },
    };
  const count = 1 + Math.floor(rnd() * 3);
  const items = Array.from({ length: count }, () => line(pick(WIEN_PRODUCTS)));
  // the delivery area's minimum order value (15 €): a main course first
  if (kind === 'delivery') items[0] = { product: WIEN_PRODUCTS[0].id, amount: 2, parts: {} };
  return {
    kind,
    body: {
      ...customer,
      branch: wien.id,
      isDelivery: kind === 'delivery',
      isDineIn: kind === 'dineIn',
      ...(kind === 'delivery' ? { deliveryArea: '1010 Wien – Innere Stadt' } : {}),
      ...(kind === 'dineIn' ? { table: `tisch-${1 + Math.floor(rnd() * 8)}` } : {}),
      ...(kind === 'preorder' ? { appointmentDate: inHours(1 + rnd() * 30) } : {}),
      items,
    },
  };
}

// the order service caches the catalogue per branch and drops it on catalogue events: wait until each kind
// is accepted after the branch changes above
const uids = new Set();
for (const kind of [...TYPES, 'upload']) {
  const until = Date.now() + 20_000;
  for (;;) {
    const { body } = nextOrder(kind);
    const res = await postOrder(gw, body, randomUUID());
    if (res.status === 201) {
      uids.add(res.body.data.uid);
      break;
    }
    if (Date.now() > until) throw new Error(`${kind}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
    await sleep(250);
  }
}

/* ------------------------------------------------------------------ CPU of every process */

function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null; // exited
  }
}
const pgrep = (name) =>
  spawnSync('pgrep', ['-x', name], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
async function cpuSnapshot() {
  const snap = {};
  for (const [name, child] of stack.children) snap[name] = { [child.pid]: cpuTicks(child.pid) };
  const backends = (await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows;
  snap['postgres (this db)'] = Object.fromEntries(backends.map((r) => [r.pid, cpuTicks(r.pid)]));
  snap['nats-server (shared)'] = Object.fromEntries(pgrep('nats-server').map((p) => [p, cpuTicks(p)]));
  snap['redis-server (shared)'] = Object.fromEntries(pgrep('redis-server').map((p) => [p, cpuTicks(p)]));
  return snap;
}
/** CPU seconds the whole machine was busy since boot (every core; /proc/stat's first line without idle and iowait) */
function machineBusy() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / CLK_TCK;
}
function cpuDelta(before, after) {
  const out = {};
  for (const [name, pids] of Object.entries(after)) {
    let ticks = 0;
    // a backend that was not there before (new pool connection) counts from zero
    for (const [pid, t] of Object.entries(pids)) if (t !== null) ticks += t - (before[name]?.[pid] ?? 0);
    out[name] = ticks / CLK_TCK;
  }
  return out;
}

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
    const { kind, body } = nextOrder();
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
await run(WARMUP);
await drain(60_000);
const cpuBefore = await cpuSnapshot();
const peak = await run(DURATION);
const cpuAtPeakEnd = await cpuSnapshot();
const cpu = cpuDelta(cpuBefore, cpuAtPeakEnd);
const peakOrders = created(peak);
const peakRate = peakOrders / DURATION;
const rate80 = Math.max(1, Math.round(peakRate * 0.8));
// the peak leaves a backlog (jobs the workers could not keep up with, events) that the processes work off
// afterwards: measured (the CPU the peak's orders cost in all), and the 80 % run starts without it
const backlog = await check();
const drainStarted = Date.now();
await drain(60_000);
const drainSeconds = (Date.now() - drainStarted) / 1000;
// in two steps: a process gone by the end (a Postgres backend whose pooled connection closed) loses only the
// second step's share, not the peak's
const backlogCpu = cpuDelta(cpuAtPeakEnd, await cpuSnapshot());
const cpuWithBacklog = Object.fromEntries(Object.entries(cpu).map(([name, c]) => [name, c + (backlogCpu[name] ?? 0)]));
const at80 = await runAtRate(gw, request, DURATION, rate80);
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

async function check() {
  const {
    rows: [r],
  } = await db.query(
    `WITH answered AS (SELECT id FROM "order"."order" WHERE uid = ANY($1)),
          rows AS (SELECT o.subject, o."publishedAt", o.payload FROM "order"."outbox" o
                   WHERE (o.subject = 'order.order.created' AND (o.payload->>'id')::int IN (SELECT id FROM answered))
                      OR (o.subject LIKE 'job.%' AND (o.payload->'data'->'snapshot'->'order'->>'id')::int IN (SELECT id FROM answered)))
     SELECT (SELECT count(*) FROM answered)::int AS answered,
            (SELECT count(DISTINCT (payload->>'id')) FROM rows WHERE subject = 'order.order.created')::int AS events,
            (SELECT count(*) FROM rows WHERE "publishedAt" IS NULL)::int AS unpublished,
            (SELECT count(*) FROM rows WHERE subject LIKE 'job.%')::int AS jobs,
            (SELECT count(*) FROM rows WHERE subject LIKE 'job.%' AND NOT EXISTS
               (SELECT 1 FROM "order"."job_completion" c WHERE c."jobId" = rows.payload->>'jobId'))::int AS jobsOpen,
            (SELECT count(*) FROM "order"."order")::int AS orders`,
    [[...uids]],
  );
  return r;
}
/** Waits (at most `ms`) until every answered order's events are published and its jobs done; answers the last check. */
async function drain(ms) {
  let v = await check();
  const until = Date.now() + ms;
  while ((v.unpublished > 0 || v.jobsopen > 0) && Date.now() < until) {
    await sleep(1000);
    v = await check();
  }
  return v;
}
const v = await drain(120_000);
// the stack's pools hold many connections: stopped before pgbench needs its 20 (the server's limit is shared)
stack.stop();
for (const name of Object.keys(extra)) stack.children.get(name)?.kill('SIGTERM');
await Promise.all([...stack.children.values()].map((c) => c.exited ?? sleep(3000)));

/* ------------------------------------------------------------------ pgbench: the order's own statements */

const sample = (
  await db.query(
    `SELECT * FROM "order"."order" WHERE uid = ANY($1) AND jsonb_array_length(
    (SELECT jsonb_agg(1) FROM "order"."order_item" i WHERE i."orderId" = "order".id)) = 3 AND NOT "isDelivery"
    ORDER BY id LIMIT 1`,
    [[...uids]],
  )
).rows[0];
const items = (await db.query('SELECT * FROM "order"."order_item" WHERE "orderId" = $1 ORDER BY position', [sample.id]))
  .rows;
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
// pgbench turns every ":word" of a script into a variable, even inside quotes: colons are written as \x3a
const lit = (v) =>
  v === null || v === undefined
    ? 'NULL'
    : `E'${(typeof v === 'string' ? v : JSON.stringify(v)).replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'`;
const S = SCRATCH;
async function createScratch() {
  await db.query(`DROP SCHEMA IF EXISTS ${S} CASCADE; CREATE SCHEMA ${S}`);
  for (const t of ['order', 'order_item', 'ticket_counter', 'idempotency_key', 'outbox'])
    await db.query(`CREATE TABLE ${S}."${t}" (LIKE "order"."${t}" INCLUDING ALL)`);
  for (const t of ['order', 'outbox'])
    await db.query(
      `CREATE SEQUENCE ${S}."${t}_id_seq"; ALTER TABLE ${S}."${t}" ALTER COLUMN id SET DEFAULT nextval('${S}."${t}_id_seq"')`,
    );
}
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
const script = [
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
const dir = mkdtempSync(join(tmpdir(), 'orderfull-bench-'));
function pgbench(seconds, attempt = 0) {
  const file = join(dir, 'order.sql');
  writeFileSync(file, `${script.join('\n')}\n`);
  const busyBefore = machineBusy();
  const res = spawnSync(
    PGBENCH,
    [
      '-n',
      '-M',
      // as the order service sends them: named prepared statements (parsed and planned once per connection)
      'prepared',
      '-c',
      String(CLIENTS),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      stack.env.DATABASE_URL,
    ],
    { encoding: 'utf8' },
  );
  const busy = machineBusy() - busyBefore;
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(res.stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(res.stdout)?.[1] ?? 0);
  if (res.status !== 0 || !tps) {
    // other stacks on the machine may hold the server's connections for a moment: try again a few times
    if (/too many clients/.test(res.stdout + res.stderr) && attempt < 10) {
      spawnSync('sleep', ['3']);
      return pgbench(seconds, attempt + 1);
    }
    throw new Error(`pgbench failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  // the machine's CPU per transaction: Postgres and pgbench itself (and the idle stack's small share)
  return { tps, latency, failed, cpuPerTransaction: busy / (tps * seconds) };
}
console.log(`pgbench: ${CLIENTS} clients, the order service's statements for one order, ${DURATION} s …`);
let pgb;
try {
  await createScratch();
  pgbench(2);
  await createScratch();
  pgb = pgbench(DURATION);
} finally {
  await db.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
  rmSync(dir, { recursive: true, force: true });
  await db.end();
}

/* ------------------------------------------------------------------ report */

const orderCpu = Object.entries(cpu).sort((a, b) => b[1] - a[1]);
/** CPU seconds of the stack's node processes (not Postgres, NATS, Redis) */
const nodeSum = (byProcess) =>
  Object.entries(byProcess)
    .filter(([n]) => stack.children.has(n))
    .reduce((s, [, c]) => s + c, 0);
const nodeCpu = nodeSum(cpu);
const nodeCpuAll = nodeSum(cpuWithBacklog);
const allCpu = Object.values(cpuWithBacklog).reduce((s, c) => s + c, 0);
const sustainable = (cpus().length * peakOrders) / Math.max(allCpu, 1e-9);
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
const requestPathCpu = REQUEST_PATH.reduce((sum, n) => sum + (cpu[n] ?? 0), 0) / Math.max(1, peakOrders);
const requestPathRate = cpus().length / requestPathCpu;
const ratio = peakRate / pgb.tps;
const allInDb = v.answered === uids.size;
const eventsOk = v.events === uids.size && v.unpublished === 0;
const jobsOk = v.jobsopen === 0 && v.jobs >= uids.size;
const pass =
  ratio >= TARGET_RATIO &&
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
  sustainable    at most ${sustainable.toFixed(0).padStart(5)} orders/s on ${cpus().length} cores with every job done as fast as orders come (${ms(allCpu / peakOrders)} of CPU per order, all processes, backlog included)
  at 80 % (${String(rate80).padStart(3)}/s) ${(created(at80) / DURATION).toFixed(1).padStart(7)} orders/s   p50 ${String(at80.latency.p50).padStart(4)} ms   p99 ${String(at80.latency.p99).padStart(4)} ms   non-201/errors ${errors(at80)}   (sent late by the bench: p99 ${at80.sentLate.p99} ms)
  pgbench           ${pgb.tps.toFixed(1).padStart(7)} TPS (${CLIENTS} clients, the order's statements)   avg latency ${pgb.latency.toFixed(2)} ms   failed ${pgb.failed}
  ratio ${(ratio * 100).toFixed(1)} % of pgbench (target ≥ ${TARGET_RATIO * 100} %)   p99 at 80 % of peak ${at80.latency.p99} ms (target ≤ ${TARGET_P99_MS} ms)
  at best           the request path alone (${REQUEST_PATH.map((n) => n.split(' ')[0]).join(', ')}) ${ms(requestPathCpu)} of CPU per order in the peak run, pgbench ${ms(pgb.cpuPerTransaction)} per transaction (the machine's): with no workers, statistics or clients on the cores at most ${requestPathRate.toFixed(0)} orders/s = ${((requestPathRate / pgb.tps) * 100).toFixed(1)} % of pgbench
  CPU per order (${peakOrders} orders; node processes ${ms(nodeCpu / peakOrders)} in the peak run, ${ms(nodeCpuAll / peakOrders)} with the backlog it left):
                             in the peak run   with its backlog
${orderCpu.map(([n, c]) => `    ${n.padEnd(24)} ${ms(c / Math.max(1, peakOrders)).padStart(10)} (${c.toFixed(2).padStart(5)} s) ${ms((cpuWithBacklog[n] ?? 0) / Math.max(1, peakOrders)).padStart(10)} (${(cpuWithBacklog[n] ?? 0).toFixed(2).padStart(5)} s)`).join('\n')}
  status codes (all runs): ${Object.entries(statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(
      ', ',
    )}; replayed after a run's cut-off: ${replayed}${failures.length ? `\n  first failures:\n    ${failures.join('\n    ')}` : ''}
  answered 201: ${uids.size}, in the database ${v.answered} ${allInDb ? 'OK' : 'MISSING'}; order.order.created events ${v.events}, unpublished outbox rows ${v.unpublished} ${eventsOk ? 'OK' : 'FAIL'}; jobs ${v.jobs}, not done ${v.jobsopen} ${jobsOk ? 'OK' : 'FAIL'}
  load average after the order runs: ${loadAfterLoad}
  ${pass ? 'PASS' : 'FAIL'}
`);
await mail.close();
sms.close();
rmSync(mailDir, { recursive: true, force: true });
process.exit(pass ? 0 : 1);
