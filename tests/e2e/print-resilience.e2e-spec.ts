import { waitFor } from '@shop/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { getPriority } from 'node:os';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
import {
  ADMIN,
  freePort,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const WORKER_ENTRY = resolve('services/workers/dist/main.js');

/**
 * Issue 5: print jobs survive a worker killed mid-job and a Redis restart that loses every queued job. This
 * file runs its own Redis (no persistence, like the machine's) so it can kill and restart it, and the workers
 * as a separate process (the built service) so it can kill them with SIGKILL.
 */
describe('print jobs survive a killed worker and a Redis restart', () => {
  let redis: ChildProcess;
  let redisPort: number;
  let redisDir: string;
  let stack: Stack;
  let admin: StaffClient;
  let db: DataSource;
  let worker: ChildProcess | null = null;
  /** every workers process this file started, so none outlives it (not even after a failed test) */
  const spawned = new Set<ChildProcess>();
  const orderIds: number[] = [];

  function startRedis() {
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir],
      { stdio: 'ignore' },
    );
    return waitFor(
      () =>
        new Promise<boolean>((done) => {
          const socket = connect(redisPort, '127.0.0.1', () => {
            socket.destroy();
            done(true);
          });
          socket.once('error', () => done(false));
        }),
      5000,
    );
  }
  function startWorker(env: Record<string, string> = {}) {
    const w = spawn(process.execPath, [WORKER_ENTRY], {
      env: {
        ...process.env,
        ...stack.env,
        WORKERS_HEALTH_PORT: '0',
        WORKER_LOCK_DURATION_MS: '1500',
        PRINT_CONCURRENCY: '4',
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    spawned.add(w);
    w.once('exit', () => spawned.delete(w));
    worker = w;
  }
  async function killWorker() {
    const w = worker!;
    const exited = new Promise((r) => w.once('exit', r));
    w.kill('SIGKILL');
    await exited;
    worker = null;
  }
  const queued = async () =>
    (await db.query(`SELECT "jobKey", count(*)::int AS n FROM "order".device_queue GROUP BY "jobKey"`)) as Array<{
      jobKey: string;
      n: number;
    }>;

  beforeAll(async () => {
    redisPort = await freePort();
    redisDir = mkdtempSync(join(tmpdir(), 'shop-redis-'));
    await startRedis();
    stack = await startStack('print-resilience', {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      JOB_REDISPATCH_INTERVAL_MS: '500',
      JOB_REDISPATCH_AFTER_MS: '1500',
    });
    await stack.seed();
    admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    const branch = (
      await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY, printOn: 'confirmed' }).expect(200)
    ).body.data;
    await admin
      .post('/api/devices', {
        identifier: 'kueche',
        name: 'Küche',
        type: 'printer',
        branch: branch.id,
        protocol: 'cloudprnt',
      })
      .expect(201);
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    const product = products.find((p) => p.name === 'Apfelstrudel')!.id;
    const body = {
      branch: branch.id,
      isDelivery: false,
      isDineIn: false,
      items: [{ product, amount: 1 }],
      firstName: 'Anna',
      lastName: 'Berger',
      email: 'anna@example.at',
      phone: '+43 660 1234567',
      legalInstructions: true,
      privacyPolicy: true,
      paymentMethod: 'cash',
    };
    await waitFor(async () => (await request(stack.baseUrl).post('/api/orders').send(body)).status === 201, 5000);
    for (let i = 0; i < 40; i++)
      orderIds.push((await request(stack.baseUrl).post('/api/orders').send(body).expect(201)).body.data.id);
    db = new DataSource({ type: 'postgres', url: stack.db.url });
    await db.initialize();
  }, STACK_START_MS);
  afterAll(async () => {
    await Promise.all(
      [...spawned].map(
        (w) =>
          new Promise((r) => {
            w.once('exit', r);
            w.kill('SIGKILL');
          }),
      ),
    );
    await db?.destroy();
    await stack?.close();
    redis?.kill('SIGKILL');
    rmSync(redisDir, { recursive: true, force: true });
  }, STACK_CLOSE_MS);

  it('queues every receipt exactly once although the worker is killed while it works', async () => {
    const printQueue = stack.order.get<OrderQueues>(ORDER_QUEUES).print;
    startWorker();
    await Promise.all(orderIds.map((id) => admin.post(`/api/orders/${id}/print`).expect(202)));
    // kill the worker while it holds jobs: some receipts are queued, and BullMQ has jobs active
    await waitFor(async () => (await queued()).length >= 5 && (await printQueue.getActiveCount()) > 0, 15000, 10);
    // the worker runs below the request path's processes (WORKERS_NICE, default 10: issue 45), every thread of it
    // (V8's and libuv's threads exist before main.ts runs; on Linux each thread has its own nice value)
    const threads = readdirSync(`/proc/${worker!.pid}/task`).map(Number);
    expect(threads.length).toBeGreaterThan(1);
    expect(new Set(threads.map((thread) => getPriority(thread)))).toEqual(new Set([Math.max(getPriority(), 10)]));
    await killWorker();
    // a dead worker cannot move its jobs on: those still active were taken mid-job
    const interrupted = (await printQueue.getJobs(['active'])).map((j) => j.id!);
    expect(interrupted.length).toBeGreaterThan(0);
    expect((await queued()).length).toBeLessThan(orderIds.length);
    startWorker();
    await waitFor(async () => (await queued()).length === orderIds.length, 30000, 100);
    const rows = await queued();
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.jobKey))).toEqual(new Set(orderIds.map((id) => `print-${id}-print-1`)));
    // every job, the interrupted ones too, is completed exactly once (BullMQ and the order service's record)
    const jobIds = orderIds.map((id) => `print-${id}-print-1`);
    await waitFor(
      async () =>
        Number(
          (await db.query(`SELECT count(*)::int AS n FROM "order".job_completion WHERE "jobId" = ANY($1)`, [jobIds]))[0]
            .n,
        ) === jobIds.length,
      10000,
      100,
    );
    // an interrupted job whose work was done before the kill is taken up again once its lock expires (stalled
    // check) and completes without a second receipt
    const states = async () => Promise.all(interrupted.map((id) => printQueue.getJobState(id)));
    await waitFor(async () => (await states()).every((s) => s === 'completed'), 15000, 100);
    expect(await states()).toEqual(interrupted.map(() => 'completed'));
    expect((await queued()).every((r) => r.n === 1)).toBe(true);
    expect(await printQueue.getActiveCount()).toBe(0);
    await killWorker();
  });

  it('dispatches the jobs again that a Redis restart lost, and they print once', async () => {
    // no worker runs: the jobs wait in Redis
    await Promise.all(orderIds.map((id) => admin.post(`/api/orders/${id}/print`).expect(202)));
    await waitFor(
      async () =>
        Number(
          (
            await db.query(
              `SELECT count(*)::int AS n FROM "order".outbox WHERE subject = 'job.print' AND "publishedAt" IS NULL`,
            )
          )[0].n,
        ) === 0,
      5000,
    );
    // Redis dies and comes back empty (no persistence)
    const died = new Promise((r) => redis.once('exit', r));
    redis.kill('SIGKILL');
    await died;
    await startRedis();
    startWorker();
    await waitFor(async () => (await queued()).length === 2 * orderIds.length, 30000, 100);
    const rows = await queued();
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.filter((r) => r.jobKey.endsWith('-print-2'))).toHaveLength(orderIds.length);
  });

  it('stops within its shutdown deadline when Redis is gone (a graceful close would wait for it)', async () => {
    if (worker) await killWorker();
    startWorker({ SHUTDOWN_DEADLINE_MS: '1500' });
    const w = worker!;
    const printQueue = stack.order.get<OrderQueues>(ORDER_QUEUES).print;
    await waitFor(async () => (await printQueue.getWorkers()).length > 0, 10000, 100); // the workers are up
    const died = new Promise((r) => redis.once('exit', r));
    redis.kill('SIGKILL');
    await died;
    const exited = new Promise<number | null>((r) => w.once('exit', (code) => r(code)));
    const t0 = Date.now();
    w.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(Date.now() - t0).toBeLessThan(6000);
    worker = null;
    await startRedis(); // the stack closes its own connections cleanly
  });
});
