#!/usr/bin/env node
// npm run bench:page: a visitor's page resolution on the presenter website through the gateway, against a raw
// node:http server serving the same bytes, side by side in one run (autocannon, 50 connections, no pipelining).
//
// Which request: there is no single "page" endpoint. The presenter (like the storefront) loads GET /api/init once
// per host and resolves every path from it (storefront-presenter.md §7 "Node and site data come from already loaded
// stores"): the answer for Host immobilien.localhost holds that website's sites (path → site), its navigations and
// the nodes the sites refer to. So this measures GET /api/init with that Host header, warm, brotli accepted, over
// the seeded content demo (services/content/README.md: 9 pages, 3 projects, 12 objects, 7 references, 2 forms), so
// the bytes are what a visitor of the demo gets. Starts its own stack on a separate database and prefixes, so it
// never disturbs `npm start`. The raw server sends the same body and every header the gateway sent (security
// headers and request id included).
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import autocannon from 'autocannon';
import { cpus, loadavg } from 'node:os';
import { getRaw, startRawServer } from './raw-answer.mjs';
import { DURATION, startStack } from './stack.mjs';

const CONNECTIONS = 50;
const GATEWAY_PORT = 3920;
const RAW_PORT = 3929;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const HOST = 'immobilien.localhost';

// its own database and prefixes, fresh every run
const stack = await startStack({
  name: 'page',
  gatewayPort: GATEWAY_PORT,
  healthPorts: { catalogue: 3921, identity: 3922, content: 3924 },
  services: ['catalogue', 'identity', 'content'],
  fresh: true,
});
const base = stack.gatewayUrl;

const url = `${base}/api/init`;
const fetchRaw = (encoding) => getRaw(url, { host: HOST, 'accept-encoding': encoding });
const plain = await fetchRaw('identity');
const br = await fetchRaw('gzip, deflate, br');
const entries = JSON.parse(plain.body.toString()).data ?? [];
const listed = (url) => entries.find?.((e) => e.url === url)?.data ?? [];
const sites = listed('/api/sites');
const nodes = listed('/api/nodes');
if (plain.status !== 200) throw new Error(`GET /api/init answered ${plain.status}`);

const rawServer = await startRawServer(RAW_PORT, br);

const headers = { host: HOST, 'accept-encoding': 'gzip, deflate, br' };
const run = (target, duration = DURATION, workers = WORKERS) =>
  autocannon({ url: target, connections: CONNECTIONS, pipelining: 1, duration, workers, headers });
console.log('warming up (2 s each) …');
await run(url, 2, 1);
await run(`http://127.0.0.1:${RAW_PORT}/api/init`, 2, 1);
console.log(`measuring ${DURATION} s each, ${CONNECTIONS} connections, no pipelining …`);
const loadAt = loadavg();
const raw = await run(`http://127.0.0.1:${RAW_PORT}/api/init`);
const gw = await run(url);

const errors = (r) => r.errors + r.timeouts + r.non2xx;
const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors(r)}`;
const ratio = gw.requests.average / raw.requests.average;
const p99ratio = gw.latency.p99 / Math.max(raw.latency.p99, 1);
const pass = ratio >= 0.6 && p99ratio <= 1.5 && errors(gw) === 0 && errors(raw) === 0;
console.log(`
page resolution: GET /api/init, Host ${HOST} (warm, Accept-Encoding: gzip, deflate, br)
  payload: ${plain.body.length} B raw JSON, ${br.body.length} B brotli, ${Object.keys(br.headers).length} headers; ${sites.length} sites, ${nodes.length} nodes
  machine: ${cpus().length} CPUs, load average ${loadAt.map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min) when measuring
  ${row('raw node:http', raw)}
  ${row('gateway (Nest+Fastify)', gw)}
  gateway/raw throughput ${(ratio * 100).toFixed(1)} % (target ≥ 60 %)   p99 ratio ${p99ratio.toFixed(2)}x (target ≤ 1.5x)
  ${pass ? 'PASS' : 'FAIL'}
`);
stack.stop();
rawServer.kill();
process.exit(pass ? 0 : 1);
