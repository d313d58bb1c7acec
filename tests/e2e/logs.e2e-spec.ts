import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { busServerFor, configureMicroservice } from '@shop/server';
import { FakeMollie, waitFor } from '@shop/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
import { loadStatisticsConfig } from '../../services/statistics/src/config/statistics-config.js';
import { StatisticsModule } from '../../services/statistics/src/statistics.module.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import { SimulatedCloudPrnt } from '../support/printers.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

interface Log {
  id: number;
  level: string;
  source: string;
  code: string;
  message: string;
  context: Record<string, unknown>;
  createdAt: string;
}

/**
 * Issue 7, system logs: the statistics service fills its log from events (a receipt no printer could print, a
 * job that gave up, a failed payment, a 500 with its errorId) and administrators read it at GET /api/logs;
 * analytics batches are stored by the same service, also when it was down while they arrived.
 */
describe('system logs and analytics (statistics service)', () => {
  const mollie = new FakeMollie();
  let stack: Stack;
  let workers: INestApplicationContext;
  let admin: StaffClient;
  let employee: StaffClient;
  let branch: { id: number };
  let product: number;
  let printer: { id: number; name: string };
  let star: SimulatedCloudPrnt;
  let db: DataSource;

  beforeAll(async () => {
    await mollie.start();
    stack = await startStack('logs', {
      PRINT_MAX_ATTEMPTS: '2',
      MOLLIE_API_URL: mollie.baseUrl,
      MOLLIE_API_KEY: mollie.apiKey,
    });
    await stack.seed();
    workers = await NestFactory.createApplicationContext(WorkersModule.forRoot(loadWorkersConfig(stack.env)), {
      logger: false,
    });
    await workers.init();
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    // receipts only when staff ask for one, so the test decides what is printed
    branch = (
      await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY, printOn: 'confirmed' }).expect(200)
    ).body.data;
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    product = products.find((p) => p.name === 'Apfelstrudel')!.id;
    const device = {
      identifier: 'kueche-star',
      name: 'Küche (Star)',
      type: 'printer',
      protocol: 'cloudprnt',
      printFormat: 'star',
      pollIntervalSeconds: 2,
      branch: branch.id,
    };
    printer = (await admin.post('/api/devices', device).expect(201)).body.data;
    star = new SimulatedCloudPrnt(
      `${stack.baseUrl}/api/printers/cloudprnt`,
      'kueche-star',
      (printer as unknown as { apiKey: string }).apiKey,
    );
    db = new DataSource({ type: 'postgres', url: stack.db.url });
    await db.initialize();
  }, STACK_START_MS);
  afterAll(async () => {
    await db?.destroy();
    await workers?.close();
    await stack?.close();
    await mollie.stop();
  }, STACK_CLOSE_MS);

  async function placeOrder(
    paymentMethod: 'cash' | 'mollie',
  ): Promise<{ id: number; paymentRedirectUrl: string | null }> {
    let res: request.Response | undefined;
    // the order service's read model follows the branch change through its event
    await waitFor(async () => {
      res = await request(stack.baseUrl)
        .post('/api/orders')
        .send({
          branch: branch.id,
          isDelivery: false,
          isDineIn: false,
          items: [{ product, amount: 1 }],
          paymentMethod,
          firstName: 'Anna',
          lastName: 'Berger',
          email: 'anna@example.at',
          phone: '+43 660 1234567',
          legalInstructions: true,
          privacyPolicy: true,
        });
      return res.status === 201;
    }, 5000).catch((err) => {
      throw new Error(`${err.message}: ${JSON.stringify(res?.body)}`);
    });
    return res!.body.data;
  }
  const logs = async (query = '') =>
    (await admin.get(`/api/logs${query}`).expect(200)).body as {
      data: Log[];
      meta: { total: number; page: number; perPage: number };
    };
  /** the log is fed by events: wait until the entry arrives */
  const entryWhere = (query: string, match: (l: Log) => boolean) =>
    waitFor(async () => (await logs(query)).data.find(match), 10_000, 100);

  it('logs a receipt the printer could not print after PRINT_MAX_ATTEMPTS, with device and order', async () => {
    const order = await placeOrder('cash');
    await admin.post(`/api/orders/${order.id}/print`).expect(202);
    await waitFor(async () => (await star.poll()).jobReady, 5000);
    await star.cycle('520 Paper empty');
    await star.cycle('520 Paper empty');

    const entry = await entryWhere('?source=order', (l) => l.context.orderId === order.id);
    expect(entry).toMatchObject({
      level: 'error',
      source: 'order',
      code: 'PRINT_FAILED',
      message: `Der Drucker „Küche (Star)“ konnte print-${order.id}-print-1 nach 2 Versuchen nicht drucken: 520 Paper empty`,
      context: {
        deviceId: printer.id,
        orderId: order.id,
        jobKey: `print-${order.id}-print-1`,
        attempts: 2,
        reason: '520 Paper empty',
      },
    });
    expect(Date.now() - new Date(entry.createdAt).getTime()).toBeLessThan(60_000);
  });

  it('logs a job that failed its last attempt, reported by the workers', async () => {
    // a print job of a shape no processor knows (as written before the job map): it can never succeed, so its
    // first attempt is its last
    await stack.order
      .get<OrderQueues>(ORDER_QUEUES)
      .print.add(
        'print',
        { orderId: 999_999, branch: branch.id, reason: 'created' },
        { jobId: 'print-999999-created', attempts: 3 },
      );
    const entry = await entryWhere('?source=workers', (l) => l.context.jobId === 'print-999999-created');
    expect(entry).toMatchObject({
      level: 'error',
      code: 'JOB_FAILED',
      context: { queue: 'print', orderId: 999_999, branchId: branch.id, attempts: 1 },
    });
    expect(entry.message).toMatch(
      /^Der Druckauftrag print-999999-created ist nach 1 Versuchen endgültig fehlgeschlagen: no processor for job "print" on queue print/,
    );
  });

  it('logs a failed online payment with its order', async () => {
    const order = await placeOrder('mollie');
    const providerId = order.paymentRedirectUrl!.split('/').pop()!;
    await mollie.setStatus(providerId, 'failed');
    const entry = await entryWhere('?source=payment', (l) => l.context.orderId === order.id);
    expect(entry).toMatchObject({
      level: 'warning',
      code: 'PAYMENT_FAILED',
      message: `Die Zahlung (Mollie) der Bestellung ${order.id} ist fehlgeschlagen.`,
      context: { orderId: order.id, provider: 'mollie', providerPaymentId: providerId, status: 'failed' },
    });
  });

  it('logs a 500 with the errorId of its answer', async () => {
    // a database fault in the order service (its table is gone for a moment): unexpected, so 500 with an errorId
    await db.query('ALTER TABLE "order".device_log RENAME TO device_log_away');
    let res: request.Response;
    try {
      res = await admin.get(`/api/devices/${printer.id}/logs`);
    } finally {
      await db.query('ALTER TABLE "order".device_log_away RENAME TO device_log');
    }
    expect(res.status).toBe(500);
    const errorId: string = res.body.errorId;
    expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.message).toBe(`Ein interner Fehler ist aufgetreten. Fehlernummer: ${errorId}`);

    const entry = await entryWhere(`?search=${errorId}`, () => true);
    expect(entry).toMatchObject({
      level: 'error',
      source: 'gateway',
      code: 'INTERNAL_ERROR',
      // the route pattern, never the URL (whose path or query may hold keys and hashes)
      message: `Unerwarteter Fehler bei GET /api/devices/:id/logs (Fehlernummer ${errorId}).`,
      context: {
        errorId,
        method: 'GET',
        path: '/api/devices/:id/logs',
        origin: 'service',
        requestId: res.headers['x-request-id'],
      },
    });
    expect((await admin.get(`/api/logs/${entry.id}`).expect(200)).body.data).toEqual(entry);
  });

  it('filters by level, source, text and period, and pages newest first', async () => {
    const all = await logs();
    expect(all.meta).toEqual({ total: 4, page: 1, perPage: 50 });
    expect(all.data.map((l) => l.code).sort()).toEqual([
      'INTERNAL_ERROR',
      'JOB_FAILED',
      'PAYMENT_FAILED',
      'PRINT_FAILED',
    ]);
    const times = all.data.map((l) => new Date(l.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect((await logs('?level=warning')).data.map((l) => l.code)).toEqual(['PAYMENT_FAILED']);
    expect((await logs('?level=error')).meta.total).toBe(3);
    expect((await logs('?level=info')).data).toEqual([]);
    expect((await logs('?source=gateway&level=error')).data.map((l) => l.code)).toEqual(['INTERNAL_ERROR']);
    expect((await logs('?search=paper%20empty')).data.map((l) => l.code)).toEqual(['PRINT_FAILED']);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    const past = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    expect((await logs(`?from=${future}`)).meta.total).toBe(0);
    expect((await logs(`?from=${past}&to=${future}`)).meta.total).toBe(4);
    expect((await logs(`?to=${past}`)).meta.total).toBe(0);

    const first = await logs('?perPage=3');
    const second = await logs('?perPage=3&page=2');
    expect(first.meta).toEqual({ total: 4, page: 1, perPage: 3 });
    expect(second.meta).toEqual({ total: 4, page: 2, perPage: 3 });
    expect([...first.data, ...second.data].map((l) => l.id)).toEqual(all.data.map((l) => l.id));

    // bad filters are German field errors, not 500s
    const bad = await admin.get('/api/logs?level=debug&perPage=0').expect(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['level', 'perPage']);
    expect(bad.body.errors[0].message).toMatch(/^Der gewählte Wert ist ungültig\.|^Dieser Wert/);
    await admin.get('/api/logs/999999').expect(404);
    await admin.get('/api/logs/abc').expect(404);
  });

  it('is for administrators only: employees get 403, anonymous visitors 401', async () => {
    const { data } = await logs('?perPage=1');
    expect((await employee.get('/api/logs').expect(403)).body.message).toBe(
      'Keine Rechte, um die Ressource anzufragen.',
    );
    await employee.get(`/api/logs/${data[0]!.id}`).expect(403);
    await request(stack.baseUrl).get('/api/logs').expect(401);
    await request(stack.baseUrl).get(`/api/logs/${data[0]!.id}`).expect(401);
  });

  it('is documented in the OpenAPI document with its filters', async () => {
    const doc = (await request(stack.baseUrl).get('/api/docs-json').expect(200)).body;
    expect(doc.paths['/api/logs/{id}'].get).toBeDefined();
    expect(doc.paths['/api/logs'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'from',
      'level',
      'page',
      'perPage',
      'search',
      'source',
      'to',
    ]);
  });

  it('stores analytics batches, also one that arrived while the statistics service was down', async () => {
    const stored = (action: string) =>
      db.query(
        `SELECT type, action, category, data, "occurredAt", "receivedAt" FROM statistics.analytics_event WHERE action = $1`,
        [action],
      );
    const occurredAt = '2026-11-20T09:30:00.000+01:00';
    await request(stack.baseUrl)
      .post('/api/analytics-log')
      .send({
        events: [
          { type: 'event', action: 'logs-test: add to cart', category: 'cart', data: { product: 18 }, occurredAt },
          { type: 'pageview', action: 'logs-test: /store/wien', category: null, data: {} },
        ],
      })
      .expect(202, { data: { accepted: 2 } });
    const rows = await waitFor(
      async () => {
        const found = [...(await stored('logs-test: add to cart')), ...(await stored('logs-test: /store/wien'))];
        return found.length === 2 ? found : null;
      },
      10_000,
      100,
    );
    expect(rows[0]).toMatchObject({
      type: 'event',
      category: 'cart',
      data: { product: 18 },
      occurredAt: new Date(occurredAt),
    });
    // category defaults to empty (backoffice-platform.md §3); without a browser time the receipt time counts
    expect(rows[1]).toMatchObject({ type: 'pageview', category: '', data: {} });
    expect(rows[1].occurredAt).toEqual(rows[1].receivedAt);

    // the statistics service is down: the gateway still accepts the batch (JetStream keeps it) …
    await stack.statistics.close();
    await request(stack.baseUrl)
      .post('/api/analytics-log')
      .send({ events: [{ type: 'event', action: 'logs-test: while down', category: 'checkout', data: {} }] })
      .expect(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored('logs-test: while down')).toEqual([]);
    // … and a new instance picks it up from the durable consumer's position
    const config = loadStatisticsConfig(stack.env);
    const again: INestMicroservice = configureMicroservice(
      await NestFactory.createMicroservice(StatisticsModule.forRoot(config), {
        strategy: busServerFor('statistics', config),
        logger: false,
      }),
    );
    await again.listen();
    try {
      await waitFor(async () => (await stored('logs-test: while down')).length === 1, 10_000, 100);
    } finally {
      await again.close();
    }
  });
});
