#!/usr/bin/env node
// npm run bench: warm GET /api/init through the gateway vs a raw node:http server serving the same bytes,
// side by side in one run (autocannon, 50 connections, no pipelining). Starts its own stack on a separate
// database and prefixes, so it never disturbs `npm start`.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fork } from 'node:child_process';
import { checkServices, ensureDatabase, ROOT } from '../lib/env.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const GATEWAY_PORT = 3900;
const RAW_PORT = 3901;
// autocannon's own parsing is the bottleneck with 15 KB responses on one thread
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

await checkServices();
const base = new URL(process.env.DATABASE_URL);
base.pathname = '/shop_bench';
const env = {
  ...process.env, DATABASE_URL: base.toString(), NATS_SUBJECT_PREFIX: 'bench.', REDIS_PREFIX: 'bench:',
  GATEWAY_PORT: String(GATEWAY_PORT), CATALOGUE_HEALTH_PORT: '3911', IDENTITY_HEALTH_PORT: '3912',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', NODE_ENV: 'production', SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
};
await ensureDatabase(env.DATABASE_URL);
const { migrateAll } = await import('../migrate.mjs');
await migrateAll(env.DATABASE_URL);
const { seedAll } = await import('../seed.mjs');
await seedAll({ url: env.DATABASE_URL });

const children = ['services/catalogue/dist/main.js', 'services/identity/dist/main.js', 'gateway/dist/main.js'].map((entry) =>
  spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] }),
);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('exit', stop);

const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}/api/init`;
for (let i = 0; ; i++) {
  try { if ((await fetch(`http://127.0.0.1:${GATEWAY_PORT}/health`)).ok) break; } catch {}
  if (i > 120) throw new Error('gateway did not start');
  await new Promise((r) => setTimeout(r, 250));
}

// the exact bytes and headers a browser gets
const { request } = await import('node:http');
const fetchRaw = (encoding) => new Promise((resolve, reject) => {
  request(gatewayUrl, { headers: { 'accept-encoding': encoding } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
  }).on('error', reject).end();
});
const identity = await fetchRaw('identity');
const gzip = await fetchRaw('gzip');
const br = await fetchRaw('gzip, deflate, br');

// the raw server runs in its own process, like the gateway
const rawServer = fork(new URL('./raw-server.mjs', import.meta.url).pathname, [String(RAW_PORT)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
rawServer.send({ body: br.body.toString('base64'), headers: Object.fromEntries(['content-type', 'content-encoding', 'etag', 'vary', 'cache-control'].map((h) => [h, br.headers[h]])) });
await new Promise((r) => rawServer.once('message', r));
process.on('exit', () => rawServer.kill());

const run = (url) => autocannon({
  url, connections: CONNECTIONS, pipelining: 1, duration: DURATION, workers: WORKERS,
  headers: { 'accept-encoding': 'gzip, deflate, br' },
});
console.log(`warming up (2 s each) …`);
await autocannon({ url: gatewayUrl, connections: CONNECTIONS, duration: 2, headers: { 'accept-encoding': 'gzip, deflate, br' } });
await autocannon({ url: `http://127.0.0.1:${RAW_PORT}/`, connections: CONNECTIONS, duration: 2, headers: { 'accept-encoding': 'gzip, deflate, br' } });

console.log(`measuring ${DURATION} s each, ${CONNECTIONS} connections, no pipelining …`);
const raw = await run(`http://127.0.0.1:${RAW_PORT}/`);
const gw = await run(gatewayUrl);

const row = (name, r) => `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
const ratio = gw.requests.average / raw.requests.average;
const p99ratio = gw.latency.p99 / Math.max(raw.latency.p99, 1);
console.log(`
GET /api/init (demo shop, warm, Accept-Encoding: gzip, deflate, br)
  payload: ${identity.body.length} B raw JSON, ${gzip.body.length} B gzip, ${br.body.length} B brotli
  ${row('raw node:http', raw)}
  ${row('gateway (Nest+Fastify)', gw)}
  gateway/raw throughput ${(ratio * 100).toFixed(1)} % (target ≥ 60 %)   p99 ratio ${p99ratio.toFixed(2)}x (target ≤ 1.5x)
  ${ratio >= 0.6 && p99ratio <= 1.5 ? 'PASS' : 'FAIL'}
`);
stop();
rawServer.kill();
process.exit(ratio >= 0.6 && p99ratio <= 1.5 ? 0 : 1);
