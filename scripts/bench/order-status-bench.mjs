#!/usr/bin/env node
// npm run bench:order-status: the public order link (GET /api/orders/public/{uid}/{hash}, polled every 10 s by
// customers) warm through the gateway vs a raw node:http server in its own process serving a body of the same
// size with the same headers. autocannon, 50 connections, no pipelining, 2 worker threads.
// Targets: gateway ≥ 70 % of raw req/s, gateway p99 ≤ 10 ms.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { prepareOrdering } from './order-api.mjs';
import { startStack } from './stack.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = 50;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const GATEWAY_PORT = 3900;
const RAW_PORT = 3902;
const TARGET_RATIO = 0.7;
const TARGET_P99_MS = 10;

const stack = await startStack({ gatewayPort: GATEWAY_PORT });
const { order } = await prepareOrdering(stack.gatewayUrl);
const statusUrl = `${stack.gatewayUrl}/api/orders/public/${order.uid}/${order.hash}`;

// what a customer's browser gets (the first call fills the gateway's cache)
const get = (url) =>
  new Promise((resolve, reject) => {
    request(url, (res) => {
      const chunks = [];
      res
        .on('data', (c) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
const first = await get(statusUrl);
if (first.status !== 200) throw new Error(`GET public order: HTTP ${first.status} ${first.body}`);

// the same number of bytes and the same headers (x-request-id: a uuid like the gateway's)
const rawBody = Buffer.alloc(first.body.length, ' ');
Buffer.from('{"data":{}}').copy(rawBody);
const rawHeaders = {
  'content-type': first.headers['content-type'],
  etag: first.headers.etag,
  'cache-control': first.headers['cache-control'],
  'x-request-id': randomUUID(),
};
const rawServer = fork(new URL('./raw-server.mjs', import.meta.url).pathname, [String(RAW_PORT)], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
rawServer.send({ body: rawBody.toString('base64'), headers: rawHeaders });
await new Promise((r) => rawServer.once('message', r));
process.on('exit', () => rawServer.kill());
const rawUrl = `http://127.0.0.1:${RAW_PORT}/`;
const rawCheck = await get(rawUrl);
if (rawCheck.body.length !== first.body.length) throw new Error('raw body size differs');

const run = (url, duration) => autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, workers: WORKERS });
console.log(`warming up (${WARMUP} s each) …`);
await run(statusUrl, WARMUP);
await run(rawUrl, WARMUP);
console.log(`measuring ${DURATION} s each, ${CONNECTIONS} connections, no pipelining, ${WORKERS} autocannon workers …`);
const raw = await run(rawUrl, DURATION);
const gw = await run(statusUrl, DURATION);

const errors = (r) => r.errors + r.timeouts + r.non2xx;
const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors(r)}`;
const ratio = gw.requests.average / raw.requests.average;
const pass = ratio >= TARGET_RATIO && gw.latency.p99 <= TARGET_P99_MS && errors(gw) === 0 && errors(raw) === 0;
console.log(`
GET /api/orders/public/{uid}/{hash} (3-line order, warm gateway cache)
  payload: ${first.body.length} B JSON; headers content-type, etag, cache-control, x-request-id
  ${row('raw node:http', raw)}
  ${row('gateway (Nest+Fastify)', gw)}
  gateway/raw throughput ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %)   gateway p99 ${gw.latency.p99} ms (target ≤ ${TARGET_P99_MS} ms)   p99 ratio ${(gw.latency.p99 / Math.max(raw.latency.p99, 1)).toFixed(2)}x
  ${pass ? 'PASS' : 'FAIL'}
`);
stack.stop();
rawServer.kill();
process.exit(pass ? 0 : 1);
