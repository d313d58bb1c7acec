import { jest } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkReadiness,
  checkRedis,
  degradedOnly,
  dependencyUp,
  required,
  startHealthServer,
  type HealthCheck,
} from './health-server.js';

const up: HealthCheck = async () => undefined;
const down: HealthCheck = async () => {
  throw new Error('unreachable');
};
/** a dependency that takes the connection and never answers (ioredis queues the command while it reconnects) */
const hangs: HealthCheck = () => new Promise<void>(() => undefined);

async function gauge(service: string, dependency: string): Promise<number | undefined> {
  return (await dependencyUp.get()).values.find(
    (v) => v.labels.service === service && v.labels.dependency === dependency,
  )?.value;
}

describe('readiness', () => {
  it('is 503 "error" when a required dependency is down, 200 "degraded" when only a degraded-only one is', async () => {
    const nats = { ok: true };
    const readiness = {
      nats: required(async () => {
        if (!nats.ok) throw new Error('gone');
      }),
      redis: degradedOnly(down),
    };
    expect(await checkReadiness('unit-a', readiness)).toEqual({
      httpStatus: 200,
      body: { status: 'degraded', checks: { nats: 'up', redis: 'down' } },
    });
    expect(await gauge('unit-a', 'redis')).toBe(0);
    expect(await gauge('unit-a', 'nats')).toBe(1);
    nats.ok = false;
    expect(await checkReadiness('unit-a', readiness)).toEqual({
      httpStatus: 503,
      body: { status: 'error', checks: { nats: 'down', redis: 'down' } },
    });
    expect(await gauge('unit-a', 'nats')).toBe(0);
    expect(await checkReadiness('unit-a', { postgres: required(up), redis: degradedOnly(up) })).toEqual({
      httpStatus: 200,
      body: { status: 'ok', checks: { postgres: 'up', redis: 'up' } },
    });
  });

  it('counts a check that has not answered by its deadline as down, and does not start it again while it runs', async () => {
    let started = 0;
    const readiness = {
      postgres: required(up),
      redis: degradedOnly(() => {
        started++;
        return hangs();
      }),
    };
    const first = await checkReadiness('unit-b', readiness, 20);
    expect(first.body).toEqual({ status: 'degraded', checks: { postgres: 'up', redis: 'down' } });
    await checkReadiness('unit-b', readiness, 20);
    expect(started).toBe(1);
    expect(await gauge('unit-b', 'redis')).toBe(0);
  });

  it('does not send a command to a Redis client that is reconnecting (it would wait in the offline queue)', async () => {
    const info = jest.fn(async () => '');
    await expect(checkRedis({ status: 'reconnecting', info })).rejects.toThrow('Redis is reconnecting');
    expect(info).not.toHaveBeenCalled();
    await expect(checkRedis({ status: 'ready', info })).resolves.toBeUndefined();
  });
});

describe('the health server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await startHealthServer(
      0,
      { postgres: required(up), nats: required(up), redis: degradedOnly(hangs) },
      'unit-server',
    );
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers /health while a degraded-only check hangs, /live always, and the metric at every scrape', async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'degraded',
      checks: { postgres: 'up', nats: 'up', redis: 'down' },
    });
    expect((await fetch(`${base}/live`)).status).toBe(200);
    dependencyUp.reset();
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^shop_dependency_up\{service="unit-server",dependency="redis"\} 0$/m);
    expect(metrics).toMatch(/^shop_dependency_up\{service="unit-server",dependency="postgres"\} 1$/m);
  });
});
