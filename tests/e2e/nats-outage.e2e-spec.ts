import { waitFor } from '@shop/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { dependencyGauge, PROBE_TIMEOUT_MS, serviceHealth } from '../support/readiness.js';

/** Something listens on the port (true), or nothing yet (null). */
const accepts = (port: number) =>
  new Promise<true | null>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(null));
  });
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
/** longer than the NATS client's default reconnect budget (10 attempts, 2 s apart), after which it gave up */
const OUTAGE_MS = 60_000; // issue 15: "stop NATS for 60 s"

/**
 * ARCHITECTURE.md "Reliability and abuse limits": every NATS connection reconnects without end, and /health
 * reports the bus. The stack runs on a NATS server of its own (JetStream in a temporary folder) that the test
 * stops for 60 s and starts again; the machine's shared NATS is never touched.
 */
describe('after a NATS outage', () => {
  let stack: Stack;
  let nats: ChildProcess | null = null;
  let natsPort: number;
  let storeDir: string;
  let branch: number;
  let product: number;

  async function startNats() {
    nats = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', storeDir], {
      stdio: 'ignore',
    });
    await waitFor(() => accepts(natsPort));
  }
  async function stopNats() {
    const proc = nats!;
    nats = null;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  }
  const health = () => request(stack.baseUrl).get('/health').timeout(PROBE_TIMEOUT_MS);

  beforeAll(async () => {
    natsPort = await freePort();
    storeDir = mkdtempSync(join(tmpdir(), 'shop-nats-'));
    await startNats();
    stack = await startStack('natsdown', { NATS_URL: `nats://127.0.0.1:${natsPort}`, NATS_REQUEST_TIMEOUT_MS: '5000' });
    await stack.seed();
    const admin = await login(stack, ADMIN);
    const branches = (await admin.get('/api/branches').expect(200)).body.data as Array<Record<string, unknown>>;
    const wien = branches.find((b) => b.identifier === 'wien-innere-stadt')!;
    await admin.put(`/api/branches/${wien.id}`, { ...wien, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200);
    branch = wien.id as number;
    product = await orderableProductOf(admin, branch);
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
    if (nats) await stopNats();
    rmSync(storeDir, { recursive: true, force: true });
  }, STACK_CLOSE_MS);

  it('reports the bus down while NATS is gone, and takes an order once it is back', async () => {
    expect((await health()).status).toBe(200);
    // a service's readiness too (catalogue's, as its main.ts builds it)
    const catalogue = await serviceHealth('catalogue', stack.catalogue);
    try {
      await stopNats();
      // NATS is required (readiness 503, within the probe's timeout); Redis is still there
      const down = await waitFor(async () => {
        const res = await health();
        return res.status === 503 ? res : null;
      });
      expect(down.body).toEqual({ status: 'error', checks: { nats: 'down', redis: 'up' } });
      expect(await dependencyGauge('gateway', 'nats')).toBe(0);
      const service = await waitFor(async () => {
        const res = await catalogue.probe();
        return res.status === 503 ? res : null;
      });
      expect(service.body).toEqual({ status: 'error', checks: { postgres: 'up', nats: 'down' } });
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS)); // the outage itself is what is tested
      await startNats();
      await waitFor(async () => (await health()).status === 200 || null, 15_000);
      await waitFor(async () => (await catalogue.probe()).status === 200 || null, 15_000);
      expect(await dependencyGauge('catalogue', 'nats')).toBe(1);
    } finally {
      await catalogue.close();
    }

    const res = await waitFor(
      async () => {
        const r = await request(stack.baseUrl).post('/api/orders').send(takeawayOrder(branch, product));
        return r.status === 201 ? r : null;
      },
      15_000,
      500,
    );
    // its events went out on the reconnected bus
    const orderId = String(res.body.data.id);
    await waitFor(async () => {
      const rows: Array<{ publishedAt: Date | null }> = await stack.order
        .get(DataSource)
        .query(`SELECT "publishedAt" FROM "order"."outbox" WHERE payload->>'id' = $1 AND subject NOT LIKE 'job.%'`, [
          orderId,
        ]);
      return (rows.length > 0 && rows.every((r) => r.publishedAt)) || null;
    }, 10_000);
  }, 150_000);
});
