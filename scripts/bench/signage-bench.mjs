#!/usr/bin/env node
// node scripts/bench/signage-bench.mjs: 1,000 simulated signage players hold their push stream (server-sent
// events) to one gateway; one bulk command goes to all of them through the API (one request for the branch), and
// each player acknowledges it as the browser player does (POST …/commands/{id}/ack on the pushed event, repeated
// with the player's own retry policy, `withPlayerRetry` of @shop/contracts: backoff with full jitter on no answer,
// 408, 429 or 5xx). Reports the time from the command until 50 %, 99 % and all were acknowledged, the acks that
// needed a retry, and the gateway's resident memory per open stream, beside the figures before the gateway batched
// the acks. Also when the pushes arrived (the command's way out: outbox, JetStream, the gateway's streams) and the
// CPU time the bench, the gateway and the signage service used until the last ack (on a shared machine of 2 cores,
// their sum against the wall time says how much of it was waiting for a core).
// Needs the built dist/ files (npm run build) and the local Postgres, Redis and NATS. `--players N` (or
// BENCH_PLAYERS) overrides 1000.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { withPlayerRetry } from '@shop/contracts';
import { createParser } from 'eventsource-parser';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { login } from './order-api.mjs';
import { sleep, startStack } from './stack.mjs';

const { values: args } = parseArgs({ options: { players: { type: 'string' } } });
const PLAYERS = Number(args.players ?? process.env.BENCH_PLAYERS ?? 1000);
const CONCURRENCY = 10;
const GATEWAY_PORT = 3930;
/**
 * The last run before the change (25 Nov 2026, 1,000 players, under load): each ack a bus request of its own and a
 * transaction in the signage service; 127 of them 503 (the bus's 5 s ran out) and the player did not retry.
 */
const BASELINE = {
  streamsMs: 5100,
  kbPerStream: 1.4,
  bulkMs: 355,
  acked: '873/1000',
  p50: null,
  p99: null,
  all: null,
  retried: 'none (no retry)',
};

const stack = await startStack({
  database: 'shop_bench_signage',
  natsPrefix: 'bench-signage.',
  redisPrefix: 'bench-signage:',
  gatewayPort: GATEWAY_PORT,
  healthPorts: { catalogue: 3931, identity: 3932, signage: 3933 },
  services: ['catalogue', 'identity', 'signage'],
  env: { LOG_LEVEL: 'warn', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
  fresh: true,
});
const base = stack.gatewayUrl;
const session = await login(base);
const staff = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrfToken };

/** runs fn over items, `limit` at a time */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}
async function post(path, body) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: staff, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}
/** CPU time (user + system, ms) a process of the stack has used so far (Linux /proc: clock ticks of 10 ms) */
const cpuMs = (name) => {
  const fields = readFileSync(`/proc/${stack.children.get(name).pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** the gateway's resident set size (Linux /proc) */
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${stack.children.get('gateway').pid}/status`, 'utf8'))[1]);

const branch = (await (await fetch(`${base}/api/branches/wien-innere-stadt`)).json()).data.id;
const started = Date.now();
/** seconds since the start, for the progress lines (a loaded machine may take long for the setup) */
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
console.log(`creating ${PLAYERS} TVs …`);
const devices = await pool(
  Array.from({ length: PLAYERS }, (_, i) => i),
  CONCURRENCY,
  (i) => createTv(i),
);

/**
 * Setting up (not measured): a TV, again after a 503 of a loaded machine (the bus's request time ran out); a TV the
 * timed-out request did create is read back by its identifier and given a new key (the key is shown only once).
 */
async function createTv(i, attempt = 1) {
  const identifier = `bench-tv-${i}`;
  try {
    return await post('/api/digital-signage-devices', { identifier, name: `Bench TV ${i}`, branch });
  } catch (err) {
    if (attempt >= 10 || !String(err.message).includes('HTTP 503')) throw err;
    await sleep(1000 * attempt);
    const existing = await fetch(`${base}/api/digital-signage-devices/${identifier}`, { headers: staff });
    if (!existing.ok) return createTv(i, attempt + 1);
    // its key is shown once (the create answer that timed out): a new one is read instead
    const { device, key } = await post(
      `/api/digital-signage-devices/${(await existing.json()).data.id}/rotate-key`,
      {},
    );
    return { ...device, key };
  }
}

// one socket per player, as a screen has
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const acked = new Map();
/** when each player's stream brought the command (ms after it was sent): the command's way out */
const pushed = new Map();
/** devices whose ack needed at least one retry; acks that failed for good */
const retried = new Set();
let failed = 0;
let commandStart = 0;
function player(device) {
  const authorization = `Basic ${Buffer.from(`${device.identifier}:${device.key}`).toString('base64')}`;
  const post = (id) =>
    new Promise((resolve, reject) => {
      const req = request(`${base}/api/digital-signage-player/commands/${id}/ack`, {
        method: 'POST',
        agent,
        headers: { authorization },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve()
            : reject(Object.assign(new Error(`ack ${res.statusCode}`), { status: res.statusCode })),
        );
      });
      req.on('error', reject);
      req.end();
    });
  // the browser player's policy: statusOf is null for no answer (a socket error), else the HTTP status
  const ack = (id) =>
    withPlayerRetry(() => post(id), {
      statusOf: (err) => err.status ?? null,
      onRetry: () => retried.add(device.id),
    });
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/digital-signage-player/events`, {
      headers: { authorization, accept: 'text/event-stream' },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      const parser = createParser({
        onEvent: (e) => {
          if (e.event === 'hello') resolve(req);
          if (e.event === 'command') {
            const { id } = JSON.parse(e.data).command;
            if (!pushed.has(device.id)) pushed.set(device.id, Date.now() - commandStart);
            ack(id).then(
              () => acked.set(device.id, Date.now() - commandStart),
              (err) => {
                failed++;
                console.error(`${device.identifier}: ${err.message}, given up`);
              },
            );
          }
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk) => parser.feed(chunk));
    });
    req.on('error', reject);
    req.end();
  });
}

await sleep(1000);
const before = rssKb();
console.log(`${elapsed()}: opening ${PLAYERS} push streams …`);
const opened = Date.now();
const streams = await pool(devices, 50, player);
const openMs = Date.now() - opened;
await sleep(2000);
const after = rssKb();

/**
 * Connections the kernel dropped because a listening socket's accept queue was full (all of this machine's sockets;
 * each costs its client TCP's first retransmission timeout, 1 s): the gateway's queue (LISTEN_BACKLOG) was 511
 * before, and a thousand acks' connections at once overflowed it
 */
const listenOverflows = () => {
  const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('TcpExt:'))
    .map((line) => line.split(/\s+/));
  return Number(values[names.indexOf('ListenOverflows')]);
};

console.log(`${elapsed()}: sending one command to all ${PLAYERS} TVs of the branch …`);
const overflowsBefore = listenOverflows();
commandStart = Date.now();
const cpuBefore = { bench: process.cpuUsage(), gateway: cpuMs('gateway'), signage: cpuMs('signage') };
// one request for the whole branch (POST …/command with `branch`), as staff would send it
const sent = await post('/api/digital-signage-devices/command', { type: 'identify', branch });
const sentMs = Date.now() - commandStart;
if (sent.count !== PLAYERS) throw new Error(`the command reached ${sent.count} of ${PLAYERS} TVs`);
const deadline = Date.now() + 60_000;
while (acked.size + failed < PLAYERS && Date.now() < deadline) await sleep(20);
const benchCpu = process.cpuUsage(cpuBefore.bench);
const cpuUsed = `bench ${Math.round((benchCpu.user + benchCpu.system) / 1000)}, gateway ${cpuMs('gateway') - cpuBefore.gateway}, signage ${cpuMs('signage') - cpuBefore.signage} ms`;
const times = [...acked.values()].sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * PLAYERS) - 1)];
const pushTimes = [...pushed.values()].sort((a, b) => a - b);
const pushAt = (q) => (pushTimes.length >= q * PLAYERS ? pushTimes[Math.ceil(q * PLAYERS) - 1] : null);

const kbPerStream = ((after - before) * 1024) / PLAYERS / 1024;
const ms = (v) => (v === null || v === undefined ? '—' : `${v} ms`);
const rows = [
  ['streams opened', ms(BASELINE.streamsMs), ms(openMs)],
  [
    'gateway RSS per open stream',
    `${BASELINE.kbPerStream} KB`,
    `${kbPerStream.toFixed(1)} KB (${(before / 1024).toFixed(1)} → ${(after / 1024).toFixed(1)} MB)`,
  ],
  ['bulk command answered', ms(BASELINE.bulkMs), ms(sentMs)],
  ['acknowledged', BASELINE.acked, `${acked.size}/${PLAYERS}${failed ? ` (${failed} given up)` : ''}`],
  ['first command pushed after', '—', ms(pushTimes[0])],
  ['99 % pushed after', '—', ms(pushAt(0.99))],
  ['50 % acknowledged after', ms(BASELINE.p50), ms(at(0.5))],
  ['99 % acknowledged after', ms(BASELINE.p99), ms(acked.size >= 0.99 * PLAYERS ? at(0.99) : null)],
  ['all acknowledged after', ms(BASELINE.all), ms(acked.size === PLAYERS ? times.at(-1) : null)],
  ['CPU from command to last ack', '—', cpuUsed],
  ['acks that needed a retry', BASELINE.retried, String(retried.size)],
  ['connects dropped (full queue)', '—', String(listenOverflows() - overflowsBefore)],
];
const width = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length), 8));
console.log(`
signage push channel, ${PLAYERS} players on one gateway (this machine, gateway + catalogue + identity + signage)
  ${'figure'.padEnd(width[0])}  ${'before'.padEnd(width[1])}  this run
${rows.map((r) => `  ${r[0].padEnd(width[0])}  ${r[1].padEnd(width[1])}  ${r[2]}`).join('\n')}
  (times from the command; before: each ack its own bus request and transaction, no retry; figures under the load of
  this shared machine)
  target (issue 45): 99 % acknowledged within 1 s: ${acked.size >= 0.99 * PLAYERS && at(0.99) <= 1000 ? 'met' : 'missed'}
`);
for (const req of streams) req.destroy();
stack.stop();
process.exit(acked.size >= 0.99 * PLAYERS ? 0 : 1);
