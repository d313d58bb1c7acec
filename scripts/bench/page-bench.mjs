#!/usr/bin/env node
// npm run bench:page: a visitor's page resolution on the presenter website through the gateway, against a raw
// node:http server serving the same bytes, side by side in one run (autocannon, 50 connections, no pipelining).
//
// Which request: there is no single "page" endpoint. The presenter (like the storefront) loads GET /api/init once
// per host and resolves every path from it (storefront-presenter.md §7 "Node and site data come from already loaded
// stores"): the answer for Host immobilien.localhost holds that website's sites (path → site), its navigations and
// the nodes the sites refer to. So this measures GET /api/init with that Host header, warm, brotli accepted. The
// bench adds a home page, a contact page and a few project/object nodes first, so the bytes carry real content.
// Starts its own stack on a separate database and prefixes, so it never disturbs `npm start`.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { startStack } from './stack.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const GATEWAY_PORT = 3920;
const RAW_PORT = 3929;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const HOST = 'immobilien.localhost';
const ADMIN = { username: 'admin', password: 'Admin-Demo-2026!' };

// its own database and prefixes, fresh every run (the pages it adds would otherwise exist already)
const stack = await startStack({
  database: 'shop_bench_page',
  natsPrefix: 'benchpage.',
  redisPrefix: 'benchpage:',
  gatewayPort: GATEWAY_PORT,
  healthPorts: { catalogue: 3921, identity: 3922, content: 3924 },
  services: ['catalogue', 'identity', 'content'],
  fresh: true,
});
const base = stack.gatewayUrl;

// a staff session (cookie + CSRF token) to add the presenter's pages
const login = await fetch(`${base}/backend/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ADMIN),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const { data: session } = await login.json();
const write = async (path, body) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': session.csrfToken },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
};
const objects = [];
for (let i = 1; i <= 6; i++)
  objects.push(
    await write('/api/nodes', {
      type: 'object',
      isPublic: true,
      content: {
        name: `Top ${i}`,
        object_data: {
          floor: `${i}. OG`,
          top: String(i),
          room_count: 3,
          area: 72.5,
          price: 389000,
          status: 'available',
        },
      },
    }),
  );
await write('/api/nodes', {
  type: 'project',
  isPublic: true,
  content: { name: 'Wohnen am Park', status: 'available' },
});
await write('/api/sites', {
  website: 'presenter',
  path: '/',
  name: 'Startseite',
  type: 'home',
  layout: 'home',
  isPublic: true,
  content: { body: [{ type: 'text_field', text: '<p>Willkommen bei Donau Wohnbau.</p>' }] },
});
await write('/api/sites', {
  website: 'presenter',
  path: '/kontakt',
  name: 'Kontakt',
  isPublic: true,
  content: { body: '<p>Rufen Sie uns an.</p>' },
});

const url = `${base}/api/init`;
const fetchRaw = (encoding) =>
  new Promise((resolve, reject) => {
    request(url, { headers: { host: HOST, 'accept-encoding': encoding } }, (res) => {
      const chunks = [];
      res
        .on('data', (c) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
const plain = await fetchRaw('identity');
const br = await fetchRaw('gzip, deflate, br');
const sites = JSON.parse(plain.body.toString()).data?.find?.((e) => e.url === '/api/sites')?.data ?? [];
if (plain.status !== 200) throw new Error(`GET /api/init answered ${plain.status}`);

const rawServer = fork(new URL('./raw-server.mjs', import.meta.url).pathname, [String(RAW_PORT)], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
rawServer.send({
  body: br.body.toString('base64'),
  headers: Object.fromEntries(
    ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control']
      .filter((h) => br.headers[h] !== undefined)
      .map((h) => [h, br.headers[h]]),
  ),
});
await new Promise((r) => rawServer.once('message', r));
process.on('exit', () => rawServer.kill());

const headers = { host: HOST, 'accept-encoding': 'gzip, deflate, br' };
const run = (target, duration = DURATION, workers = WORKERS) =>
  autocannon({ url: target, connections: CONNECTIONS, pipelining: 1, duration, workers, headers });
console.log('warming up (2 s each) …');
await run(url, 2, 1);
await run(`http://127.0.0.1:${RAW_PORT}/api/init`, 2, 1);
console.log(`measuring ${DURATION} s each, ${CONNECTIONS} connections, no pipelining …`);
const raw = await run(`http://127.0.0.1:${RAW_PORT}/api/init`);
const gw = await run(url);

const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
const ratio = gw.requests.average / raw.requests.average;
const p99ratio = gw.latency.p99 / Math.max(raw.latency.p99, 1);
const pass = ratio >= 0.6 && p99ratio <= 1.5 && gw.non2xx === 0;
console.log(`
page resolution: GET /api/init, Host ${HOST} (warm, Accept-Encoding: gzip, deflate, br)
  payload: ${plain.body.length} B raw JSON, ${br.body.length} B brotli; ${Array.isArray(sites) ? sites.length : '?'} sites
  ${row('raw node:http', raw)}
  ${row('gateway (Nest+Fastify)', gw)}
  gateway/raw throughput ${(ratio * 100).toFixed(1)} % (target ≥ 60 %)   p99 ratio ${p99ratio.toFixed(2)}x (target ≤ 1.5x)
  ${pass ? 'PASS' : 'FAIL'}
`);
stack.stop();
rawServer.kill();
process.exit(pass ? 0 : 1);
