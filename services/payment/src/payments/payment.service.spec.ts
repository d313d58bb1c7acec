import { createLogger, dataSourceOptions, databaseTimeouts, OutboxEntity } from '@shop/server';
import { createTestDatabase, FakeMollie, waitFor, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { loadPaymentConfig } from '../config/payment-config.js';
import { PAYMENT_ENTITIES, PAYMENT_SCHEMA } from '../payment.entities.js';
import { PaymentEntity } from './payment.entity.js';
import { PaymentService } from './payment.service.js';

/**
 * Starting a payment holds no pooled connection while the provider is asked (issue 15, item 10): a slow
 * provider and a small pool, many concurrent starts, and other requests still get a connection at once.
 */
describe('PaymentService.start', () => {
  const mollie = new FakeMollie();
  let db: TestDatabase;
  let ds: DataSource;
  let service: PaymentService;
  let nextOrderId = 1;

  beforeAll(async () => {
    await mollie.start();
    db = await createTestDatabase('payment_start');
    const setup = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    await setup.query(`CREATE SCHEMA "${PAYMENT_SCHEMA}"`);
    await setup.destroy();
    const config = loadPaymentConfig({
      DATABASE_URL: db.url,
      MOLLIE_API_URL: mollie.baseUrl,
      MOLLIE_API_KEY: mollie.apiKey,
      PAYMENT_PROVIDER_TIMEOUT_MS: '3000',
      // a request waits at most 2 s for a pooled connection, as in production but shorter
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    });
    ds = await new DataSource(
      dataSourceOptions({
        url: db.url,
        schema: PAYMENT_SCHEMA,
        entities: [OutboxEntity, ...PAYMENT_ENTITIES],
        migrations: [],
        synchronize: true,
        poolSize: 2,
        timeouts: databaseTimeouts(config),
      }),
    ).initialize();
    service = new PaymentService(ds, { kick: async () => undefined }, config, createLogger('test', 'silent'));
  });
  afterEach(() => {
    mollie.delayMs = 0;
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    await mollie.stop();
  });

  const startFor = (orderId: number) =>
    service.start({
      orderId,
      provider: 'mollie',
      amount: 23.5,
      currency: 'EUR',
      description: `Bestellung ${orderId}`,
      successPath: `/bestellung/${orderId}`,
      failurePath: '/kasse',
    });

  it('keeps serving other requests while 10 payments wait 1 s each for the provider (pool of 2)', async () => {
    mollie.delayMs = 1000;
    const orderIds = Array.from({ length: 10 }, () => nextOrderId++);
    const began = Date.now();
    const starts = Promise.all(orderIds.map(startFor));
    const creates = () =>
      mollie.requests.filter((r) => r.method === 'POST' && orderIds.includes(r.body?.metadata?.orderId));
    // as soon as the provider is being asked (with a pool of 2, that held both connections before) …
    await waitFor(() => creates().length >= 2, 3000, 10);
    // … other requests of the service still get a connection at once
    const probeBegan = Date.now();
    expect(await service.listFinal({ orderIds })).toEqual([]);
    const probeMs = Date.now() - probeBegan;
    const views = await starts;
    const totalMs = Date.now() - began;

    expect(probeMs).toBeLessThan(500);
    // concurrent, not one after the other through two connections (that would take 5 s)
    expect(totalMs).toBeLessThan(3000);
    expect(views.map((v) => v.orderId)).toEqual(orderIds);
    for (const v of views) {
      expect(v.providerPaymentId).toMatch(/^tr_/);
      expect(v.checkoutUrl).toBe(`${mollie.baseUrl}/checkout/select-method/${v.providerPaymentId}`);
    }
    const rows = await ds.getRepository(PaymentEntity).findBy({});
    expect(rows.filter((r) => orderIds.includes(r.orderId))).toHaveLength(10);
  });

  it('answers a replayed start with the first one, also while the provider is still being asked', async () => {
    mollie.delayMs = 500;
    const orderId = nextOrderId++;
    const before = mollie.payments.size;
    const [first, second] = await Promise.all([startFor(orderId), startFor(orderId)]);
    expect(second).toEqual(first);
    expect(await startFor(orderId)).toEqual(first);
    expect(mollie.payments.size).toBe(before + 1);
    expect(await ds.getRepository(PaymentEntity).countBy({ orderId })).toBe(1);
  });

  it('sends its reference as the idempotency key and leaves no intent behind when the provider fails', async () => {
    const orderId = nextOrderId++;
    const key = mollie.apiKey;
    Object.assign(mollie, { apiKey: 'wrong' });
    try {
      await expect(startFor(orderId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      Object.assign(mollie, { apiKey: key });
    }
    expect(await ds.getRepository(PaymentEntity).countBy({ orderId })).toBe(0);
    const view = await startFor(orderId);
    const row = await ds.getRepository(PaymentEntity).findOneByOrFail({ orderId });
    expect(view.providerPaymentId).toBe(row.providerPaymentId);
    const sent = mollie.requests.filter((r) => r.method === 'POST' && r.body?.metadata?.orderId === orderId).pop()!;
    expect(sent.headers['idempotency-key']).toBe(row.reference);
  });

  it('takes over an intent whose caller went away, with the same reference', async () => {
    const orderId = nextOrderId++;
    const stale = await ds.getRepository(PaymentEntity).save(
      ds.getRepository(PaymentEntity).create({
        orderId,
        reference: `stale-${orderId}`,
        provider: 'mollie',
        providerPaymentId: null,
        status: 'open',
        amount: 23.5,
        currency: 'EUR',
        checkoutUrl: null,
        successPath: '/',
        failurePath: '/',
        providerStatus: null,
        settledAt: null,
        lastCheckedAt: new Date(Date.now() - 60_000),
      }),
    );
    const view = await startFor(orderId);
    expect(view.id).toBe(stale.id);
    expect(view.providerPaymentId).toMatch(/^tr_/);
    expect(mollie.payments.get(view.providerPaymentId!)?.metadata).toEqual({ orderId, reference: stale.reference });
  });
});
