import { OUTBOX_RELAY, OutboxEntity, startHealthServer, type OutboxRelay } from '@shop/server';
import { waitFor } from '@shop/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ADMIN,
  freePort,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

/** The value of one series of a Prometheus text exposition (undefined when it is not there). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/**
 * Issue 23, metrics: every process serves Prometheus metrics on its health port. The stack runs in this process
 * (one registry, series labelled by service); a built service process is scraped on its own health port too.
 */
describe('metrics (/metrics on the health port)', () => {
  let stack: Stack;
  let health: Server;
  let scrapeUrl: string;
  let child: ChildProcess | undefined;
  const scrape = async () => (await fetch(scrapeUrl)).text();

  beforeAll(async () => {
    // the test client plays the TLS proxy: its X-Request-Id is believed (request-id.ts)
    stack = await startStack('metrics', { TRUSTED_PROXIES: '127.0.0.1' });
    await stack.seed();
    health = await startHealthServer(0, {}, 'test-stack');
    scrapeUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/metrics`;
  }, STACK_START_MS);
  afterAll(async () => {
    child?.kill('SIGTERM');
    health.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('counts HTTP requests by route pattern and status (the status fast path too), NATS requests by subject, and reads outbox, queues, consumers and the pool', async () => {
    const admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY }).expect(200);
    const product = await orderableProductOf(admin, b.id);
    const created = await request(stack.baseUrl).post('/api/orders').send(takeawayOrder(b.id, product)).expect(201);
    const { uid, hash } = created.body.data;
    const statusPath = `/api/orders/public/${uid}/${hash}`;
    await request(stack.baseUrl).get(statusPath).expect(200);
    // the second poll is answered from the cache in front of Fastify: still measured, with a request id
    const fast = await request(stack.baseUrl).get(statusPath).set('x-request-id', 'metrics-fast-path-1').expect(200);
    expect(fast.headers['x-request-id']).toBe('metrics-fast-path-1');

    const text = await scrape();
    expect(
      sample(text, 'shop_http_request_duration_seconds_count', { method: 'POST', route: '/api/orders', status: '201' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'shop_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/orders/public/:uid/:hash',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'shop_nats_request_duration_seconds_count', {
        service: 'gateway',
        subject: 'order.order.create',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /shop_nats_request_duration_seconds_bucket\{le="0.005",service="gateway",subject="order.order.create"/,
    );
    // no raw URL (with the order's uid) ever becomes a label
    expect(text).not.toContain(uid);

    for (const service of ['order', 'catalogue', 'identity'])
      expect(sample(text, 'shop_db_pool_connections', { service, state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'shop_outbox_backlog', { service: 'order' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_outbox_oldest_age_seconds', { service: 'order' })).toBeGreaterThanOrEqual(0);
    for (const queue of ['print', 'email', 'sms'])
      expect(sample(text, 'shop_queue_jobs', { queue, state: 'waiting' })).toBeGreaterThanOrEqual(0);
    // the order's e-mail job waits in its queue (no workers run here)
    await waitFor(
      async () => (sample(await scrape(), 'shop_queue_jobs', { queue: 'email', state: 'waiting' }) ?? 0) >= 1,
      10_000,
    );
    expect(text).toMatch(/shop_jetstream_consumer_pending\{stream="[^"]+",consumer="[^"]+"\} \d+/);
    expect(sample(text, 'shop_heartbeat_timestamp_seconds', { service: 'test-stack' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });

  it('an outbox row nobody publishes shows as backlog with its age', async () => {
    const ds = stack.statistics.get(DataSource);
    // the relay of the statistics service is stopped, so the row stays unpublished
    await stack.statistics.get<OutboxRelay>(OUTBOX_RELAY).stop();
    await ds
      .createQueryBuilder()
      .insert()
      .into(OutboxEntity)
      .values({
        subject: 'statistics.test',
        payload: {},
        headers: null,
        createdAt: () => "now() - interval '45 seconds'",
      })
      .execute();
    const text = await scrape();
    expect(sample(text, 'shop_outbox_backlog', { service: 'statistics' })).toBe(1);
    expect(sample(text, 'shop_outbox_oldest_age_seconds', { service: 'statistics' })).toBeGreaterThanOrEqual(45);
  });

  it('a built service process serves /metrics and /live on its health port', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [resolve('services/statistics/dist/main.js')], {
      env: { ...process.env, ...stack.env, STATISTICS_HEALTH_PORT: String(port) },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok === true, 20_000);
    expect((await fetch(`${base}/live`)).status).toBe(200);
    const res = await fetch(`${base}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(sample(text, 'shop_db_pool_connections', { service: 'statistics', state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'shop_heartbeat_timestamp_seconds', { service: 'statistics' })).toBeGreaterThan(0);
    expect(text).toMatch(/^shop_process_cpu_seconds_total /m);
  });
});
