import { t } from '@shop/i18n-de';
import { jobQueuesReadiness } from '@shop/server';
import { waitFor } from '@shop/testing';
import { execFileSync } from 'node:child_process';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
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
import { dependencyGauge, PROBE_TIMEOUT_MS, serviceHealth } from '../support/readiness.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

/**
 * ARCHITECTURE.md "Reliability and abuse limits": with Redis gone, orders are still taken (rate limits count in
 * memory), their events still flow, their jobs wait in the outbox and reach BullMQ when Redis is back, and a
 * login (its session lives in Redis) answers a German 503; readiness (/health) stays 200 "degraded" (issue 39: a
 * 503 took every gateway off the ingress). The stack runs on a Redis of its own that the test
 * stops and starts; the machine's shared Redis is never touched.
 */
describe('orders while Redis is down', () => {
  let stack: Stack;
  let redisPort: number;
  let branch: number;
  let product: number;
  const startRedis = () =>
    execFileSync('redis-server', [
      '--port',
      String(redisPort),
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
    ]);
  const stopRedis = () => execFileSync('redis-cli', ['-p', String(redisPort), 'shutdown', 'nosave']);

  beforeAll(async () => {
    redisPort = await freePort();
    startRedis();
    await waitFor(() =>
      execFileSync('redis-cli', ['-p', String(redisPort), 'ping'])
        .toString()
        .includes('PONG'),
    );
    stack = await startStack('redisdown', { REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    await stack.seed();
    const admin = await login(stack, ADMIN);
    const branches = (await admin.get('/api/branches').expect(200)).body.data as Array<Record<string, unknown>>;
    const wien = branches.find((b) => b.identifier === 'wien-innere-stadt')!;
    await admin.put(`/api/branches/${wien.id}`, { ...wien, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200);
    // a printer, so that the receipt is a job for the workers too (one no device would take is recorded done at once)
    await admin
      .post('/api/devices', {
        identifier: 'kueche',
        name: 'Küche',
        type: 'printer',
        protocol: 'cloudprnt',
        branch: wien.id,
      })
      .expect(201);
    branch = wien.id as number;
    product = await orderableProductOf(admin, branch);
  }, STACK_START_MS);
  afterAll(async () => {
    startRedis(); // closing the queues needs it
    await stack?.close();
    stopRedis();
  }, STACK_CLOSE_MS);

  const outboxOf = (orderId: number) =>
    stack.order
      .get(DataSource)
      .query(
        `SELECT subject, payload, "publishedAt" FROM "order"."outbox" WHERE payload->'data'->>'orderId' = $1 OR payload->>'orderId' = $1 OR payload->'order'->>'id' = $1 OR payload->>'id' = $1`,
        [String(orderId)],
      ) as Promise<Array<{ subject: string; payload: { jobId?: string; queue?: string }; publishedAt: Date | null }>>;

  it('takes orders, publishes their events and holds their jobs until Redis is back; a login answers 503', async () => {
    stopRedis();
    const res = await request(stack.baseUrl).post('/api/orders').send(takeawayOrder(branch, product));
    expect(res.status).toBe(201);
    const orderId = res.body.data.id as number;

    // the order's events reach JetStream; its jobs stay in the outbox
    const rows = await waitFor(async () => {
      const all = await outboxOf(orderId);
      const events = all.filter((r) => !r.subject.startsWith('job.'));
      return events.length > 0 && events.every((r) => r.publishedAt) ? all : null;
    }, 10_000);
    const jobs = rows.filter((r) => r.subject.startsWith('job.'));
    expect(jobs.map((r) => r.payload.jobId).sort()).toEqual([`email-${orderId}-created`, `print-${orderId}-created`]);
    expect(jobs.every((r) => r.publishedAt === null)).toBe(true);

    const loginAttempt = await request(stack.baseUrl).post('/backend/login').send(ADMIN);
    expect(loginAttempt.status).toBe(503);
    expect(loginAttempt.body.message).toBe(t('http.serviceUnavailable'));

    startRedis();
    const queues = stack.order.get<OrderQueues>(ORDER_QUEUES);
    await waitFor(async () => (await outboxOf(orderId)).every((r) => r.publishedAt) || null, 20_000);
    for (const { payload } of jobs) expect(await queues[payload.queue as 'email'].getJob(payload.jobId!)).toBeTruthy();
    // and staff can log in again
    await login(stack, ADMIN);
  }, 60_000);

  it('keeps the gateway and the order service ready while Redis hangs or is down; a logged-in back office answers 503', async () => {
    // the order service's /health as its main.ts builds it
    const orderHealth = await serviceHealth(
      'order',
      stack.order,
      jobQueuesReadiness(Object.values(stack.order.get<OrderQueues>(ORDER_QUEUES))),
    );
    const probe = {
      gateway: () => request(stack.baseUrl).get('/health').timeout(PROBE_TIMEOUT_MS),
      order: orderHealth.probe,
    };
    const degraded = { status: 'degraded', checks: expect.objectContaining({ redis: 'down', nats: 'up' }) };
    try {
      expect((await probe.gateway()).body).toEqual({ status: 'ok', checks: { nats: 'up', redis: 'up' } });
      expect((await probe.order()).body).toEqual({
        status: 'ok',
        checks: { postgres: 'up', nats: 'up', redis: 'up' },
      });
      const admin = await login(stack, ADMIN);

      // Redis keeps the connections but answers nothing (a hung primary, a network path that drops packets): the
      // clients stay "ready" and a command waits without end; /health answers within the probe's timeout anyway
      const redisPid = Number(
        /process_id:(\d+)/.exec(execFileSync('redis-cli', ['-p', String(redisPort), 'info', 'server']).toString())![1],
      );
      process.kill(redisPid, 'SIGSTOP');
      try {
        const gateway = await probe.gateway();
        expect(gateway.status).toBe(200);
        expect(gateway.body).toEqual(degraded);
        expect(await dependencyGauge('gateway', 'redis')).toBe(0);
        const order = await probe.order();
        expect(order.status).toBe(200);
        expect(order.body).toEqual(degraded);
      } finally {
        process.kill(redisPid, 'SIGCONT');
      }
      await waitFor(async () => (await probe.gateway()).body.status === 'ok' || null, 20_000);

      // Redis gone: ioredis reconnects and retries; the storefront still serves, the staff sessions are gone
      stopRedis();
      const gateway = await probe.gateway();
      expect(gateway.status).toBe(200);
      expect(gateway.body).toEqual(degraded);
      expect(await dependencyGauge('gateway', 'redis')).toBe(0);
      expect(await dependencyGauge('gateway', 'nats')).toBe(1);
      const order = await probe.order();
      expect(order.status).toBe(200);
      expect(order.body).toEqual({ status: 'degraded', checks: { postgres: 'up', nats: 'up', redis: 'down' } });
      expect(await dependencyGauge('order', 'redis')).toBe(0);
      await request(stack.baseUrl).get('/api/init').expect(200);
      const staff = await admin.get('/api/branches');
      expect(staff.status).toBe(503);
      expect(staff.body.message).toBe(t('http.serviceUnavailable'));

      startRedis();
      await waitFor(async () => (await probe.gateway()).body.status === 'ok' || null, 20_000);
      expect(await dependencyGauge('gateway', 'redis')).toBe(1);
      await waitFor(async () => (await probe.order()).body.status === 'ok' || null, 20_000);
    } finally {
      await orderHealth.close();
    }
  }, 90_000);
});
