#!/usr/bin/env node
// npm run bench: warm GET /api/init through the gateway vs a raw node:http server serving the same bytes (body and
// every header the gateway sent, security headers and request id included), side by side in one run (autocannon,
// 50 connections, no pipelining). Targets (issue 22 "Cached reads at the physical limit"): gateway ≥ 85 % of raw
// req/s, p99 ≤ 1.2× raw. Starts its own stack on a separate database, prefixes and ports, so it never disturbs
// `npm start` or the other benches.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import autocannon from 'autocannon';
import { cpus, loadavg } from 'node:os';
import { getRaw, row, startRawServer, versusRaw } from './raw-answer.mjs';
import { DURATION, startStack, withCpuPerRequest } from './stack.mjs';

const CONNECTIONS = 50;
const GATEWAY_PORT = 3930;
const RAW_PORT = 3935;
const TARGET_RATIO = 0.85;
const TARGET_P99_RATIO = 1.2;
// autocannon's own parsing is the bottleneck with 15 KB responses on one thread
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

const stack = await startStack({
  name: 'init',
  gatewayPort: GATEWAY_PORT,
  healthPorts: { catalogue: 3931, identity: 3932, content: 3934 },
  // /api/init holds the content service's sites, navigations, blocks and nodes too: without it, it is a 503
  services: ['catalogue', 'identity', 'content'],
});
const { stop } = stack;
const gatewayUrl = `${stack.gatewayUrl}/api/init`;

// the exact bytes and headers a browser gets
const fetchRaw = (encoding) => getRaw(gatewayUrl, { 'accept-encoding': encoding });
const identity = await fetchRaw('identity');
const gzip = await fetchRaw('gzip');
const br = await fetchRaw('gzip, deflate, br');
if (br.status !== 200)
  throw new Error(`GET /api/init answered ${br.status}: ${identity.body.toString().slice(0, 300)}`);

// the raw server runs in its own process, like the gateway
const rawServer = await startRawServer(RAW_PORT, br);

const run = (url) =>
  autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: DURATION,
    workers: WORKERS,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
console.log(`warming up (2 s each) …`);
await autocannon({
  url: gatewayUrl,
  connections: CONNECTIONS,
  duration: 2,
  headers: { 'accept-encoding': 'gzip, deflate, br' },
});
await autocannon({
  url: `http://127.0.0.1:${RAW_PORT}/`,
  connections: CONNECTIONS,
  duration: 2,
  headers: { 'accept-encoding': 'gzip, deflate, br' },
});

console.log(`measuring ${DURATION} s each, ${CONNECTIONS} connections, no pipelining …`);
const loadAt = loadavg();
const raw = await withCpuPerRequest(rawServer.pid, () => run(`http://127.0.0.1:${RAW_PORT}/`));
const gw = await withCpuPerRequest(stack.children.get('gateway').pid, () => run(gatewayUrl));

const { ratio, p99ratio, pass } = versusRaw(gw, raw, { ratio: TARGET_RATIO, p99Ratio: TARGET_P99_RATIO });
console.log(`
GET /api/init (demo shop, warm, Accept-Encoding: gzip, deflate, br)
  payload: ${identity.body.length} B raw JSON, ${gzip.body.length} B gzip, ${br.body.length} B brotli; ${Object.keys(br.headers).length} headers
  machine: ${cpus().length} CPUs, load average ${loadAt.map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min) when measuring
  ${row('raw node:http', raw)}
  ${row('gateway (Nest+Fastify)', gw)}
  gateway/raw throughput ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %)   p99 ratio ${p99ratio.toFixed(2)}x (target ≤ ${TARGET_P99_RATIO}x)
  ${pass ? 'PASS' : 'FAIL'}
`);
stop();
rawServer.kill();
process.exit(pass ? 0 : 1);
