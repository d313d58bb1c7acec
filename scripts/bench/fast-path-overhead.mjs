#!/usr/bin/env node
// The per-request work the gateway's fast paths (gateway/src/common/fast-path.ts) did besides answering, before and
// after issue 22's change, measured in one process, interleaved A/B (the machine's load shifts both alike):
//   before: request id, AsyncLocalStorage context, the metric observed with a label object, an OpenTelemetry
//           span (extract the caller's context, start, two attributes, end) also when no exporter receives it
//   after:  request id, the metric's series looked up once (createFastPaths' observeRequest), no span without an
//           exporter (tracingRecords()), no request context (the fast paths are synchronous and log nothing)
// Tracing is set up as the gateway sets it up without OTEL_EXPORTER_OTLP_ENDPOINT. Needs libs/server and the
// gateway built.
// Then the whole order-status fast path of a built gateway (createFastPaths + publicOrderFastPath, a cached order,
// no If-None-Match), called with a request object and a response whose writeHead/end only record: the fast path's
// own work per request, without node:http's (which the raw server does alike). GATEWAY_DIST picks another build to
// compare (e.g. a copy of gateway/dist made before a change).
// Usage: node scripts/bench/fast-path-overhead.mjs [iterations]   GATEWAY_DIST=tmp/gateway-dist-before node …
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import {
  extractContext,
  FollowedCache,
  httpRequestDuration,
  initTracing,
  runWithRequestId,
  SpanKind,
  startSpan,
  tracingRecords,
} from '@shop/server';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = pathToFileURL(
  resolve(process.env.GATEWAY_DIST ?? new URL('../../gateway/dist', import.meta.url).pathname),
);
const gateway = async (path) => import(`${dist.href}/${path}`);
const { observeRequest, createFastPaths } = await gateway('common/fast-path.js');
const { requestIds } = await gateway('bootstrap/request-id.js');
const { publicOrderFastPath } = await gateway('orders/public-order.route.js');
const { PublicOrderCache } = await gateway('orders/public-order.cache.js');

const N = Number(process.argv[2] ?? 200_000);
initTracing({});
const headers = { host: 'localhost', 'accept-encoding': 'gzip, deflate, br', 'if-none-match': 'W/"x"' };
const route = '/api/orders/public/:uid/:hash';
let sink = 0;

const before = () => {
  const id = randomUUID();
  runWithRequestId(id, () => (sink += id.length));
  httpRequestDuration.observe({ method: 'GET', route, status: String(200) }, 0.0001);
  const span = startSpan(`GET ${route}`, SpanKind.SERVER, extractContext(headers).ctx, id);
  span.setAttributes({ 'http.route': route, 'http.response.status_code': 200 });
  span.end();
};
const after = () => {
  const id = randomUUID();
  sink += id.length;
  observeRequest('GET', route, 200, 0.0001);
  if (tracingRecords()) throw new Error('this measures a gateway without an exporter');
};

const time = (fn) => {
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn();
  return Number(process.hrtime.bigint() - t) / N / 1000;
};
// warm-up (JIT)
for (let i = 0; i < 3; i++) {
  time(before);
  time(after);
}
const rounds = [];
for (let i = 0; i < 5; i++) rounds.push([time(before), time(after)]);
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [b, a] = [median(rounds.map((r) => r[0])), median(rounds.map((r) => r[1]))];
// the whole fast path: a cached order (537 bytes like the bench's), a response that only records the answer
const uid = 'u2-ZKmjAq2vHgt09AkB5Cw';
const hash = 'BT_bHFcBVknfRk19h6WOuw';
// a PublicOrderCache whose entries follow nothing, with one order in it
const cache = new PublicOrderCache(
  { request: async () => ({}) },
  { create: (options) => new FollowedCache({}, options) },
);
await cache.entries.get(uid, async () => ({
  hashBytes: Buffer.from(hash),
  body: Buffer.alloc(537, 32),
  etag: 'W/"Zm9vYmFyYmF6cXV4cXV1eHF1dXhx"',
}));
const config = { CSP_SCRIPT_SOURCES: '', CSP_IMG_SOURCES: '', CSP_CONNECT_SOURCES: '' };
const logger = { isLevelEnabled: () => false };
const front = createFastPaths(
  [publicOrderFastPath(cache, config)],
  () => {
    throw new Error('the fast path declined');
  },
  () => logger,
  requestIds([]),
);
const req = {
  method: 'GET',
  url: `/api/orders/public/${uid}/${hash}`,
  headers: { ...headers, 'if-none-match': undefined },
};
const res = {
  statusCode: 200,
  writeHead(status, list) {
    this.statusCode = status;
    sink += list.length;
    return this;
  },
  end(body) {
    sink += body?.length ?? 0;
  },
};
const whole = () => front(req, res);
for (let i = 0; i < 3; i++) time(whole);
const wholeRounds = [];
for (let i = 0; i < 5; i++) wholeRounds.push(time(whole));

console.log(`fast-path overhead per request, median of 5 rounds of ${N} (load average ${loadavg()[0].toFixed(2)}):
  before ${b.toFixed(2)} µs   after ${a.toFixed(2)} µs   saved ${(b - a).toFixed(2)} µs (${sink > 0 ? 'ok' : ''})
whole order-status fast path of ${dist.pathname} (recording response), median of 5 rounds: ${median(wholeRounds).toFixed(2)} µs per request`);
