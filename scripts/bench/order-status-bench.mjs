#!/usr/bin/env node
// npm run bench:order-status: the public order link (GET /api/orders/public/{uid}/{hash}, polled every 10 s by
// customers) warm through the gateway vs a raw node:http server in its own process serving the same bytes (body and
// every header the gateway sent, security headers and request id included). autocannon, 50 connections, no
// pipelining, 2 worker threads. Targets (issue 22 "Cached reads at the physical limit"): gateway ≥ 85 % of raw
// req/s, p99 ≤ 1.2× raw. Its own database, prefixes and ports, so it never disturbs `npm start` or other benches.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import autocannon from 'autocannon';
import { cpus, loadavg } from 'node:os';
import { prepareOrdering } from './order-api.mjs';
import { getRaw, row, startRawServer, versusRaw } from './raw-answer.mjs';
import { DURATION, startStack, WARMUP, withCpuPerRequest } from './stack.mjs';

const CONNECTIONS = 50;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const GATEWAY_PORT = 3940;
const RAW_PORT = 3945;
const TARGET_RATIO = 0.85;
const TARGET_P99_RATIO = 1.2;

const stack = await startStack({
  name: 'status',
  gatewayPort: GATEWAY_PORT,
  healthPorts: { catalogue: 3941, identity: 3942, order: 3943, content: 3944 },
  // fresh every run: the order-abuse counters of earlier runs would ask this one's order for a challenge
  fresh: true,
});
const { order } = await prepareOrdering(stack.gatewayUrl);
const statusUrl = `${stack.gatewayUrl}/api/orders/public/${order.uid}/${order.hash}`;

// what a customer's browser gets (the first call fills the gateway's cache)
const get = (url) => getRaw(url);
const first = await get(statusUrl);
if (first.status !== 200) throw new Error(`GET public order: HTTP ${first.status} ${first.body}`);

// the same bytes: the body and every header but those node:http writes itself
const rawServer = await startRawServer(RAW_PORT, first);
const rawUrl = `http://127.0.0.1:${RAW_PORT}/`;
const rawCheck = await get(rawUrl);
if (!rawCheck.body.equals(first.body)) throw new Error('raw body differs');

const run = (url, duration) => autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, workers: WORKERS });
console.log(`warming up (${WARMUP} s each) …`);
await run(statusUrl, WARMUP);
await run(rawUrl, WARMUP);
console.log(`measuring ${DURATION} s each, ${CONNECTIONS} connections, no pipelining, ${WORKERS} autocannon workers …`);
const loadAt = loadavg();
const raw = await withCpuPerRequest(rawServer.pid, () => run(rawUrl, DURATION));
const gw = await withCpuPerRequest(stack.children.get('gateway').pid, () => run(statusUrl, DURATION));

const { ratio, p99ratio, pass } = versusRaw(gw, raw, { ratio: TARGET_RATIO, p99Ratio: TARGET_P99_RATIO });
console.log(`
GET /api/orders/public/{uid}/{hash} (3-line order, warm gateway cache)
  payload: ${first.body.length} B JSON, ${Object.keys(first.headers).length} headers (security headers, etag, cache-control, x-request-id)
  machine: ${cpus().length} CPUs, load average ${loadAt.map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min) when measuring
  ${row('raw node:http', raw)}
  ${row('gateway (Nest+Fastify)', gw)}
  gateway/raw throughput ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %)   p99 ratio ${p99ratio.toFixed(2)}x (target ≤ ${TARGET_P99_RATIO}x)   gateway p99 ${gw.latency.p99} ms
  ${pass ? 'PASS' : 'FAIL'}
`);
stack.stop();
rawServer.kill();
process.exit(pass ? 0 : 1);
