#!/usr/bin/env node
// npm run drill: 1,000 order submissions, each with its own Idempotency-Key, by 20 concurrent clients that retry
// (network error, 409, 429, 5xx) with backoff until they get a 201, while the order service is killed with
// SIGKILL and restarted three times. Then, once the outbox has drained: every acknowledged order is in the
// database exactly once, has exactly one order.order.created outbox row and JetStream message, and its
// e-mail job is in BullMQ. Runs on a fresh database (shop_drill, prefixes drill./drill:, ports 3920+).
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { NO_ORDER_LIMITS, prepareOrdering } from '../bench/order-api.mjs';
import { sleep, startStack, waitForHealth } from '../bench/stack.mjs';

const SUBMISSIONS = Number(process.env.DRILL_SUBMISSIONS ?? 1000);
const CONCURRENCY = Number(process.env.DRILL_CONCURRENCY ?? 20);
const KILL_AT = [0.15, 0.45, 0.75].map((f) => Math.round(SUBMISSIONS * f)); // after this many accepted submissions
const RESTART_AFTER_MS = 1000; // like scripts/start.mjs' supervisor
const SUBMISSION_DEADLINE_MS = 120_000;
const DRAIN_TIMEOUT_MS = 30_000;
const NATS_PREFIX = 'drill.';
const REDIS_PREFIX = 'drill:';

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
console.log('› fresh stack: database shop_drill, NATS prefix drill., Redis prefix drill:, gateway :3920');
const stack = await startStack({
  database: 'shop_drill',
  natsPrefix: NATS_PREFIX,
  redisPrefix: REDIS_PREFIX,
  gatewayPort: 3920,
  healthPorts: { catalogue: 3921, identity: 3922, order: 3923, content: 3924 },
  fresh: true,
  // 1,000 orders and their retries come from one address: far above the per-client write limit, and the abuse
  // limits of anonymous orders would challenge them
  env: NO_ORDER_LIMITS,
});
const { body, branch } = await prepareOrdering(stack.gatewayUrl, { placeOrder: false });
const bodyText = JSON.stringify(body);

/* ------------------------------------------------------------------ submissions */

const runId = randomBytes(6).toString('hex');
const acked = new Map(); // key → { uid, id, attempts }
const failed = new Map(); // key → reason
const attemptsByOutcome = {};
let inFlight = 0;
const count = (k) => {
  attemptsByOutcome[k] = (attemptsByOutcome[k] ?? 0) + 1;
};

async function submit(i) {
  const key = `drill-${runId}-${String(i).padStart(4, '0')}`;
  const deadline = Date.now() + SUBMISSION_DEADLINE_MS;
  for (let attempt = 1; ; attempt++) {
    let status = 0;
    let res;
    let wait = Math.min(2000, 100 * 2 ** Math.min(attempt - 1, 5)) * (0.5 + Math.random());
    inFlight++;
    const sentAt = new Date();
    try {
      res = await fetch(`${stack.gatewayUrl}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: bodyText,
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      const text = await res.text();
      count(String(status));
      if (status === 201) {
        const { data } = JSON.parse(text);
        acked.set(key, { uid: data.uid, id: data.id, ticket: data.ticketNumber, attempts: attempt, sentAt });
        return;
      }
      if (status === 422 || !(status === 409 || status === 429 || status >= 500)) {
        failed.set(key, `HTTP ${status} ${text.slice(0, 200)}`);
        return;
      }
      if (status === 429) wait = Math.max(wait, Number(res.headers.get('retry-after') ?? 1) * 1000);
    } catch (err) {
      count(`network error (${err.name})`);
    } finally {
      inFlight--;
    }
    if (Date.now() > deadline) {
      failed.set(key, `gave up after ${attempt} attempts (last HTTP ${status || 'network error'})`);
      return;
    }
    await sleep(wait);
  }
}

// the chaos: SIGKILL the order service at spread-out moments, restart it a second later
const kills = [];
let chaosDone = Promise.resolve();
function chaos() {
  const next = KILL_AT[kills.length];
  if (next === undefined || acked.size < next || kills.some((k) => !k.back)) return;
  const kill = { at: acked.size, inFlight, time: elapsed(), back: null };
  kills.push(kill);
  chaosDone = (async () => {
    const started = Date.now();
    await stack.kill('order', 'SIGKILL');
    await sleep(RESTART_AFTER_MS);
    stack.start('order');
    await waitForHealth(stack.healthUrl('order'), { timeoutMs: 60_000, name: 'order (restarted)' });
    kill.back = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  })();
}

console.log(
  `› ${SUBMISSIONS} submissions, ${CONCURRENCY} at a time; SIGKILL order service after ${KILL_AT.join(', ')} accepted (${elapsed()})`,
);
let nextIndex = 0;
const submitStart = Date.now();
const chaosTimer = setInterval(chaos, 5);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (nextIndex < SUBMISSIONS) await submit(nextIndex++);
  }),
);
clearInterval(chaosTimer);
await chaosDone;
const submitSeconds = (Date.now() - submitStart) / 1000;
console.log(`› submissions done (${elapsed()}); waiting for the outbox to drain (≤ ${DRAIN_TIMEOUT_MS / 1000} s)`);

/* ------------------------------------------------------------------ checks */

const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
await db.connect();
const drainUntil = Date.now() + DRAIN_TIMEOUT_MS;
let unpublished;
for (;;) {
  unpublished = Number(
    (await db.query('SELECT count(*) FROM "order"."outbox" WHERE "publishedAt" IS NULL')).rows[0].count,
  );
  if (unpublished === 0 || Date.now() > drainUntil) break;
  await sleep(250);
}

const orders = (await db.query('SELECT id, uid, "createdAt", "branchId", "ticketNumber" FROM "order"."order"')).rows;
const keys = (await db.query('SELECT key, status, response->>\'uid\' AS uid FROM "order"."idempotency_key"')).rows;
const createdRows = (
  await db.query(
    'SELECT id, (payload->>\'id\')::int AS "orderId" FROM "order"."outbox" WHERE subject = \'order.order.created\'',
  )
).rows;
await db.end();

const orderUids = new Set(orders.map((o) => o.uid));
const orderIds = new Set(orders.map((o) => o.id));
const ackedUids = new Set([...acked.values()].map((a) => a.uid));
const keyUids = new Set(keys.map((k) => k.uid));
const lostOrders = [...ackedUids].filter((uid) => !orderUids.has(uid));
const ordersWithoutKey = orders.filter((o) => !keyUids.has(o.uid));
const keysPerUid = new Map();
for (const k of keys) keysPerUid.set(k.uid, (keysPerUid.get(k.uid) ?? 0) + 1);
const keysSharingOrder = [...keysPerUid.values()].filter((n) => n > 1).length;
const keysWithoutOrder = keys.filter((k) => !orderUids.has(k.uid)).length;
const keyMismatch = [...acked].filter(([key, a]) => !keys.some((k) => k.key === key && k.uid === a.uid)).length;
const unacknowledged = orders.filter((o) => !ackedUids.has(o.uid)).length;
const duplicatedOrders = ordersWithoutKey.length + keysSharingOrder;
// a 201 for an order written before that attempt was sent: the key replayed an order whose first answer was lost
const createdAt = new Map(orders.map((o) => [o.uid, o.createdAt]));
const replayed = [...acked.values()].filter((a) => a.attempts > 1 && createdAt.get(a.uid) < a.sentAt).length;

// tickets (group commit draws them per branch for a batch at once): 1…n per branch, no gap, none twice, and every
// 201 told the ticket its order has
const ticketsByBranch = new Map();
for (const o of orders) ticketsByBranch.set(o.branchId, [...(ticketsByBranch.get(o.branchId) ?? []), o.ticketNumber]);
const ticketFaults = [...ticketsByBranch.values()]
  .map((tickets) => tickets.sort((a, b) => a - b).filter((t, i) => t !== i + 1).length)
  .reduce((s, n) => s + n, 0);
const storedTicket = new Map(orders.map((o) => [o.uid, o.ticketNumber]));
const ticketMismatch = [...acked.values()].filter((a) => storedTicket.get(a.uid) !== a.ticket).length;

const perOrder = (ids) => {
  const m = new Map();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return {
    missing: [...orderIds].filter((id) => !m.has(id)).length,
    duplicated: [...m.values()].reduce((s, n) => s + Math.max(0, n - 1), 0),
    unknown: [...m.keys()].filter((id) => !orderIds.has(id)).length,
  };
};
const outboxCheck = perOrder(createdRows.map((r) => r.orderId));

// every order.order.created message in the stream (ordered consumer from the first message)
const nc = await connect({ servers: stack.env.NATS_URL });
const streamName = `${NATS_PREFIX.replace(/[^A-Za-z0-9_-]/g, '_')}ORDERS`;
const subject = `${NATS_PREFIX}order.order.created`;
const jsm = await jetstreamManager(nc);
const info = await jsm.streams.info(streamName, { subjects_filter: subject });
const inStream = info.state.subjects?.[subject] ?? 0;
const eventIds = [];
const msgIds = new Set();
if (inStream > 0) {
  const consumer = await jetstream(nc).consumers.get(streamName, {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.All,
  });
  const messages = await consumer.consume();
  for await (const m of messages) {
    eventIds.push(m.json().id);
    msgIds.add(m.headers?.get('Nats-Msg-Id'));
    if (m.info.pending === 0) break;
  }
}
await nc.close();
const eventCheck = perOrder(eventIds);

// BullMQ: one e-mail job per order (job id email-<order id>-created)
const redis = new Redis(stack.env.REDIS_URL);
const pipeline = redis.pipeline();
for (const id of orderIds) pipeline.exists(`${REDIS_PREFIX}bull:email:email-${id}-created`);
const missingJobs = (await pipeline.exec()).filter(([, n]) => n !== 1).length;
redis.disconnect();
stack.stop();

/* ------------------------------------------------------------------ report */

const attempts = Object.values(attemptsByOutcome).reduce((s, n) => s + n, 0);
const maxAttempts = Math.max(0, ...[...acked.values()].map((a) => a.attempts));
const line = (label, value, ok) =>
  `  ${label.padEnd(66)} ${String(value).padStart(7)}${ok === undefined ? '' : ok ? '   ok' : '   ✖'}`;
const pass =
  lostOrders.length === 0 &&
  duplicatedOrders === 0 &&
  eventCheck.missing === 0 &&
  eventCheck.duplicated === 0 &&
  outboxCheck.missing === 0 &&
  outboxCheck.duplicated === 0 &&
  missingJobs === 0 &&
  failed.size === 0 &&
  ticketFaults === 0 &&
  ticketMismatch === 0 &&
  unpublished === 0 &&
  unacknowledged === 0;
console.log(`
Order crash drill (branch ${branch.identifier}, ${CONCURRENCY} concurrent clients, ${submitSeconds.toFixed(1)} s of submissions)
  kills (SIGKILL order service, restart after ${RESTART_AFTER_MS / 1000} s):
${kills.map((k, i) => `    #${i + 1} at ${k.time}: ${k.at} accepted, ${k.inFlight} requests in flight; healthy again after ${k.back}`).join('\n')}
  HTTP attempts ${attempts}: ${Object.entries(attemptsByOutcome)
    .map(([k, v]) => `${k}×${v}`)
    .join(', ')}; most attempts for one submission ${maxAttempts}
  201s that replayed an order committed by an earlier, unanswered attempt: ${replayed}
${line('submissions', SUBMISSIONS)}
${line('acknowledged (201)', acked.size, acked.size === SUBMISSIONS)}
${line('failed (422 / other 4xx / gave up)', failed.size, failed.size === 0)}${failed.size ? `\n    e.g. ${[...failed.values()].slice(0, 3).join('\n    ')}` : ''}
${line('distinct orders acknowledged', ackedUids.size)}
${line('orders in the database', orders.length, orders.length === ackedUids.size)}
${line('lost orders (acknowledged, not in the database)', lostOrders.length, lostOrders.length === 0)}
${line('duplicated orders (orders without a key row + keys sharing one)', duplicatedOrders, duplicatedOrders === 0)}
${line('  idempotency keys / orders', `${keys.length}/${orders.length}`, keys.length === orders.length)}
${line('  keys whose order is missing / acks not matching their key', `${keysWithoutOrder}/${keyMismatch}`, keysWithoutOrder === 0 && keyMismatch === 0)}
${line('orders in the database nobody was told about', unacknowledged, unacknowledged === 0)}
${line('tickets not 1…n per branch (gaps, twice) / 201s with another ticket', `${ticketFaults}/${ticketMismatch}`, ticketFaults === 0 && ticketMismatch === 0)}
${line('outbox order.order.created rows / orders', `${createdRows.length}/${orders.length}`, outboxCheck.missing === 0 && outboxCheck.duplicated === 0)}
${line('outbox rows unpublished after drain', unpublished, unpublished === 0)}
${line(`JetStream ${streamName} ${subject} messages / orders`, `${inStream}/${orders.length}`)}
${line('  lost events (orders without a created message)', eventCheck.missing, eventCheck.missing === 0)}
${line('  duplicated events (second message for an order)', eventCheck.duplicated, eventCheck.duplicated === 0)}
${line('  distinct Nats-Msg-Ids / messages for unknown orders', `${msgIds.size}/${eventCheck.unknown}`, eventCheck.unknown === 0)}
${line('BullMQ email-<orderId>-created jobs missing', missingJobs, missingJobs === 0)}
  ${pass ? 'PASS' : 'FAIL'} (${elapsed()})
`);
process.exit(pass ? 0 : 1);
