import type { PaymentView } from '@shop/contracts';
import { waitFor } from '@shop/testing';
import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { PaymentEntity } from '../../payment.entity.js';
import { ListFinalPayments } from '../list-final-payments/list-final-payments.usecase.js';

/**
 * Starting a payment holds no pooled connection while the provider is asked (issue 15, item 10): a provider
 * that has not answered yet (held by the test, not delayed by a clock), a small pool, many concurrent starts,
 * and other requests still get a connection.
 */
describe('StartPayment (real Postgres, the local fake Mollie)', () => {
  let kit: PaymentTestKit;
  let mollie: PaymentTestKit['mollie'];
  let ds: PaymentTestKit['ds'];
  let listFinal: ListFinalPayments;
  let nextOrderId = 1;

  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_start', {
      poolSize: 2,
      env: {
        // the provider is held for as long as a step needs on a loaded machine, well within the provider time-out
        PAYMENT_PROVIDER_TIMEOUT_MS: '15000',
        NATS_REQUEST_TIMEOUT_MS: '20000',
        // a request waits at most 10 s for a pooled connection: with connections held while the provider is
        // asked, the probe below would wait for as long as the test holds the provider and fail
        DATABASE_CONNECT_TIMEOUT_MS: '10000',
      },
    });
    ({ mollie, ds } = kit);
    listFinal = new ListFinalPayments(kit.payments);
  });
  afterAll(() => kit.close());

  const startFor = (orderId: number) => kit.startFor(orderId);

  it('keeps serving other requests while 10 payments wait for the provider (pool of 2)', async () => {
    const release = mollie.hold();
    const orderIds = Array.from({ length: 10 }, () => nextOrderId++);
    const starts = Promise.allSettled(orderIds.map(startFor));
    try {
      // all 10 are at the provider at once: had each held one of the 2 pooled connections, only 2 could be
      await waitFor(() => mollie.heldCount === 10, 20_000, 10);
      // … and other requests of the service still get a connection while the provider has not answered
      expect(await listFinal.execute({ orderIds })).toEqual([]);
    } finally {
      release();
    }
    const views = await starts;
    expect(views.map((v) => v.status)).toEqual(orderIds.map(() => 'fulfilled'));
    const started = views.map((v) => (v as PromiseFulfilledResult<PaymentView>).value);
    expect(started.map((v) => v.orderId)).toEqual(orderIds);
    for (const v of started) {
      expect(v.providerPaymentId).toMatch(/^tr_/);
      expect(v.checkoutUrl).toBe(`${mollie.baseUrl}/checkout/select-method/${v.providerPaymentId}`);
    }
    const rows = await ds.getRepository(PaymentEntity).findBy({});
    expect(rows.filter((r) => orderIds.includes(r.orderId))).toHaveLength(10);
  });

  it('answers a replayed start with the first one, also while the provider is still being asked', async () => {
    const orderId = nextOrderId++;
    const release = mollie.hold();
    const both = Promise.all([startFor(orderId), startFor(orderId)]);
    try {
      await waitFor(() => mollie.heldCount >= 1, 20_000, 10);
    } finally {
      release();
    }
    const [first, second] = await both;
    expect(second).toEqual(first);
    expect(await startFor(orderId)).toEqual(first);
    const atProvider = [...mollie.payments.values()].filter(
      (p) => (p.metadata as { orderId: number }).orderId === orderId,
    );
    expect(atProvider).toHaveLength(1);
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

describe('StartPayment without the provider configured', () => {
  let kit: PaymentTestKit;
  beforeAll(
    async () => (kit = await paymentTestDatabase('payment_start_unconfigured', { env: { MOLLIE_API_KEY: '' } })),
  );
  afterAll(() => kit.close());

  it('answers 503 and records nothing', async () => {
    await expect(kit.startFor(1)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await kit.ds.getRepository(PaymentEntity).count()).toBe(0);
    expect(kit.mollie.requests).toEqual([]);
  });
});
