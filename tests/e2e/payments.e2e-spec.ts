import { t } from '@shop/i18n-de';
import request from 'supertest';
import { FakeDatatrans, FakeMollie, waitFor } from '@shop/testing';
import { DataSource } from 'typeorm';
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

/**
 * Online payments (issue 5): Mollie and Datatrans against local fakes that follow the providers' documented
 * API; exactly-once settlement under webhook storms; forged and unknown webhooks; the customer's return;
 * the staff re-check; the reconciler for lost webhooks.
 */
describe('online payments', () => {
  const mollie = new FakeMollie();
  const datatrans = new FakeDatatrans();
  let stack: Stack;
  let admin: StaffClient;
  let branch: { id: number; identifier: string };
  let product: number;
  let db: DataSource;

  beforeAll(async () => {
    await mollie.start();
    await datatrans.start();
    stack = await startStack('payments', {
      // production's bus timeout: the slow-provider test proves the payment's own 503 comes before it
      NATS_REQUEST_TIMEOUT_MS: '5000',
      MOLLIE_API_URL: mollie.baseUrl,
      MOLLIE_API_KEY: mollie.apiKey,
      DATATRANS_API_URL: datatrans.baseUrl,
      DATATRANS_PAY_URL: datatrans.baseUrl,
      DATATRANS_MERCHANT_ID: datatrans.merchantId,
      DATATRANS_PASSWORD: datatrans.password,
      DATATRANS_HMAC_KEY: datatrans.hmacKey,
      // the reconciler asks about open payments older than 1.5 s, every 300 ms
      PAYMENT_RECONCILE_INTERVAL_MS: '300',
      PAYMENT_RECONCILE_MIN_AGE_MS: '1500',
      // the order service asks about unpaid online orders older than 1 s, every 300 ms
      ORDER_PAYMENT_SWEEP_INTERVAL_MS: '300',
      ORDER_PAYMENT_SWEEP_MIN_AGE_MS: '1000',
    });
    await stack.seed();
    admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    branch = (
      await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200)
    ).body.data;
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    product = products.find((p) => p.name === 'Tafelspitz mit Apfelkren und Schnittlauchsauce')!.id;
    db = new DataSource({ type: 'postgres', url: stack.db.url });
    await db.initialize();
    // the order service's read model follows the branch change through its event
    await waitFor(async () => (await placeRaw('cash')).status === 201, 5000);
  }, STACK_START_MS);
  afterAll(async () => {
    await db?.destroy();
    await stack?.close();
    await mollie.stop();
    await datatrans.stop();
  }, STACK_CLOSE_MS);

  const placeRaw = (paymentMethod: string, key?: string) => {
    const req = request(stack.baseUrl).post('/api/orders');
    if (key) req.set('Idempotency-Key', key);
    return req.send({
      branch: branch.id,
      isDelivery: false,
      isDineIn: false,
      items: [{ product, amount: 2 }],
      firstName: 'Anna',
      lastName: 'Berger',
      email: 'anna.berger@example.at',
      phone: '+43 660 1234567',
      legalInstructions: true,
      privacyPolicy: true,
      paymentMethod,
    });
  };
  async function place(paymentMethod: 'mollie' | 'datatrans', key?: string) {
    const res = await placeRaw(paymentMethod, key);
    expect(res.status).toBe(201);
    return res.body.data as {
      id: number;
      uid: string;
      hash: string;
      isPaid: boolean;
      paymentRedirectUrl: string | null;
    };
  }
  const providerIdOf = (order: { paymentRedirectUrl: string | null }) => order.paymentRedirectUrl!.split('/').pop()!;
  const settledEvents = async (orderId: number) =>
    Number(
      (
        await db.query(
          `SELECT count(*) FROM payment.outbox WHERE subject = 'payment.payment.settled' AND (payload->>'orderId')::int = $1`,
          [orderId],
        )
      )[0].count,
    );
  const jobs = async (orderId: number) =>
    (
      await db.query(
        `SELECT payload->>'jobId' AS id FROM "order".outbox WHERE subject LIKE 'job.%' AND (payload->'data'->>'orderId')::int = $1 ORDER BY id`,
        [orderId],
      )
    ).map((r: { id: string }) => r.id);
  const publicView = async (o: { uid: string; hash: string }) =>
    (await request(stack.baseUrl).get(`/api/orders/public/${o.uid}/${o.hash}`).expect(200)).body.data;
  const untilPaid = (o: { uid: string; hash: string }) =>
    waitFor(async () => (await publicView(o)).isPaid === true, 5000);

  it('creates a Mollie payment (amount as a string, description, redirect and webhook URL, metadata) and answers its checkout URL', async () => {
    const order = await place('mollie');
    expect(order.paymentRedirectUrl).toMatch(new RegExp(`^${mollie.baseUrl}/checkout/select-method/tr_\\w+$`));
    const sent = mollie.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments').pop()!;
    expect(sent.headers.authorization).toBe(`Bearer ${mollie.apiKey}`);
    expect(sent.body).toEqual({
      amount: { currency: 'EUR', value: '47.00' },
      description: expect.stringContaining(`Bestellung ${order.id}`),
      redirectUrl: expect.stringMatching(new RegExp(`^${stack.baseUrl}/api/payments/return/[\\w-]{22}$`)),
      webhookUrl: `${stack.baseUrl}/api/payments/mollie/webhook`,
      metadata: { orderId: order.id, reference: expect.any(String) },
    });
    // nothing is sent or printed for an unpaid online order
    expect(await jobs(order.id)).toEqual([]);
    expect((await publicView(order)).isPaid).toBe(false);
  });

  it('settles a Mollie payment once under a webhook storm racing the customer’s redirect, then sends and prints once', async () => {
    const order = await place('mollie');
    const id = providerIdOf(order);
    await mollie.setStatus(id, 'paid', { webhook: false });
    // every webhook five times at once, while the customer comes back from the payment page
    const storm = await Promise.all([
      ...Array.from({ length: 5 }, () => mollie.sendWebhook(id)),
      request(stack.baseUrl)
        .get(new URL(mollie.payments.get(id)!.redirectUrl).pathname)
        .redirects(0),
      ...Array.from({ length: 5 }, () => mollie.sendWebhook(id)),
    ]);
    expect(storm.filter((s) => typeof s === 'number')).toEqual(Array(10).fill(200));
    const redirect = storm.find((s) => typeof s !== 'number') as request.Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.location).toBe(`/status/${order.uid}/${order.hash}`);
    await untilPaid(order);
    expect(await settledEvents(order.id)).toBe(1);
    // the branch prints on creation (the demo has no SMS plugin): an online order's e-mail and print wait for
    // its payment, and come once
    await waitFor(async () => (await jobs(order.id)).length === 2, 5000);
    expect(await jobs(order.id)).toEqual([`email-${order.id}-created`, `print-${order.id}-created`]);
    // later webhooks (even out of order, after a changed provider status) change nothing
    await mollie.setStatus(id, 'failed');
    expect(await mollie.sendWebhook(id)).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await settledEvents(order.id)).toBe(1);
    expect(await publicView(order)).toMatchObject({ isPaid: true, isFailed: false });
  });

  it('answers 200 to a Mollie webhook with an unknown id and changes nothing', async () => {
    const order = await place('mollie');
    await mollie.setStatus(providerIdOf(order), 'paid', { webhook: false });
    const res = await request(stack.baseUrl)
      .post('/api/payments/mollie/webhook')
      .type('form')
      .send({ id: 'tr_unknown123' });
    expect(res.status).toBe(200);
    const empty = await request(stack.baseUrl).post('/api/payments/mollie/webhook').type('form').send({});
    expect(empty.status).toBe(200);
    expect(await settledEvents(order.id)).toBe(0);
  });

  it('sends the customer to the checkout error page after a failed or canceled payment', async () => {
    const order = await place('mollie');
    const page = await fetch(`${order.paymentRedirectUrl}?outcome=canceled`, { redirect: 'manual' });
    const back = await request(stack.baseUrl)
      .get(new URL(page.headers.get('location')!).pathname)
      .redirects(0);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/store/wien-innere-stadt/checkout/error');
    await waitFor(async () => (await publicView(order)).isFailed === true, 5000);
    expect(await jobs(order.id)).toEqual([]);
  });

  it('initialises a Datatrans transaction in minor units and settles on a signed webhook, once', async () => {
    const order = await place('datatrans');
    const id = providerIdOf(order);
    expect(order.paymentRedirectUrl).toBe(`${datatrans.baseUrl}/v1/start/${id}`);
    const sent = datatrans.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transactions').pop()!;
    expect(sent.body).toMatchObject({
      currency: 'EUR',
      amount: 4700,
      autoSettle: true,
      webhook: { url: `${stack.baseUrl}/api/payments/datatrans/webhook` },
    });
    expect(sent.body.redirect.successUrl).toMatch(/\/api\/payments\/return\//);
    await datatrans.setStatus(id, 'settled', { webhook: false });
    const signed = datatrans.signedWebhook(id);
    // every webhook five times at once, while the customer comes back from the payment page
    const storm = await Promise.all([
      ...Array.from({ length: 5 }, () => datatrans.sendWebhook(id, signed)),
      request(stack.baseUrl)
        .get(new URL(datatrans.transactions.get(id)!.redirect.successUrl!).pathname)
        .redirects(0),
      ...Array.from({ length: 5 }, () => datatrans.sendWebhook(id, signed)),
    ]);
    expect(storm.filter((s) => typeof s === 'number')).toEqual(Array(10).fill(200));
    const redirect = storm.find((s) => typeof s !== 'number') as request.Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.location).toBe(`/status/${order.uid}/${order.hash}`);
    await untilPaid(order);
    expect(await settledEvents(order.id)).toBe(1);
    await waitFor(async () => (await jobs(order.id)).length === 2, 5000);
    expect(await jobs(order.id)).toEqual([`email-${order.id}-created`, `print-${order.id}-created`]);

    // out of order: a validly signed 'failed' after the settlement changes nothing
    await datatrans.setStatus(id, 'failed', { webhook: false });
    expect(await datatrans.sendWebhook(id)).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await settledEvents(order.id)).toBe(1);
    expect(await publicView(order)).toMatchObject({ isPaid: true, isFailed: false });
    expect(await jobs(order.id)).toHaveLength(2);
  });

  it('answers 200 to a validly signed Datatrans webhook for an unknown transaction and changes nothing', async () => {
    const order = await place('datatrans');
    await datatrans.setStatus(providerIdOf(order), 'settled', { webhook: false });
    const unknown = datatrans.sign(
      JSON.stringify({
        transactionId: '991122334455667788',
        merchantId: datatrans.merchantId,
        type: 'payment',
        status: 'settled',
      }),
    );
    const res = await request(stack.baseUrl)
      .post('/api/payments/datatrans/webhook')
      .set('content-type', 'application/json')
      .set('datatrans-signature', unknown.signature)
      .send(unknown.body);
    expect(res.status).toBe(200);
    expect(
      Number(
        (
          await db.query(
            `SELECT count(*) FROM payment.outbox WHERE payload->>'providerPaymentId' = '991122334455667788'`,
          )
        )[0].count,
      ),
    ).toBe(0);
    expect(await settledEvents(order.id)).toBe(0);
    expect((await publicView(order)).isPaid).toBe(false);
  });

  it.each(['canceled', 'failed'] as const)(
    'sends the customer back from a %s Datatrans payment to the checkout error page',
    async (outcome) => {
      const order = await place('datatrans');
      const page = await fetch(`${order.paymentRedirectUrl}?outcome=${outcome}`, { redirect: 'manual' });
      const tx = datatrans.transactions.get(providerIdOf(order))!;
      // Datatrans' cancelUrl or errorUrl: our return route
      expect(page.headers.get('location')).toBe(outcome === 'canceled' ? tx.redirect.cancelUrl : tx.redirect.errorUrl);
      const back = await request(stack.baseUrl)
        .get(new URL(page.headers.get('location')!).pathname)
        .redirects(0);
      expect(back.status).toBe(303);
      expect(back.headers.location).toBe('/store/wien-innere-stadt/checkout/error');
      await waitFor(async () => (await publicView(order)).isFailed === true, 5000);
      expect(await jobs(order.id)).toEqual([]);
    },
  );

  it('ignores a Datatrans webhook whose signature does not verify', async () => {
    const order = await place('datatrans');
    const id = providerIdOf(order);
    await datatrans.setStatus(id, 'settled', { webhook: false });
    const forged = datatrans.signedWebhook(id, 'ab'.repeat(32));
    expect(await datatrans.sendWebhook(id, forged)).toBe(401);
    // a correct signature over another body does not pass either
    const signed = datatrans.signedWebhook(id);
    expect(
      await datatrans.sendWebhook(id, {
        body: signed.body.replace('"settled"', '"settled" '),
        signature: signed.signature,
      }),
    ).toBe(401);
    const unsigned = await request(stack.baseUrl)
      .post('/api/payments/datatrans/webhook')
      .set('content-type', 'application/json')
      .send(signed.body);
    expect(unsigned.status).toBe(401);
    expect(await settledEvents(order.id)).toBe(0);
    // the reconciler (not the forged webhooks) settles it from the provider's own status
    await untilPaid(order);
    expect(await settledEvents(order.id)).toBe(1);
  });

  it('settles a payment whose webhook never came through the reconciler', async () => {
    const order = await place('mollie');
    await mollie.setStatus(providerIdOf(order), 'paid', { webhook: false });
    await untilPaid(order);
    expect(await settledEvents(order.id)).toBe(1);
  });

  it('applies a payment that is final at the payment service although its settled event never reached the order', async () => {
    const order = await place('datatrans');
    // the payment service settled it, but the event is lost: the row is final and no event was ever published
    await db.query(
      `UPDATE payment.payment SET status = 'paid', "providerStatus" = 'settled', "settledAt" = now() WHERE "orderId" = $1`,
      [order.id],
    );
    expect(await settledEvents(order.id)).toBe(0);
    await untilPaid(order);
    await waitFor(async () => (await jobs(order.id)).length === 2, 5000);
    expect(await jobs(order.id)).toEqual([`email-${order.id}-created`, `print-${order.id}-created`]);
    // a lost failure too: the order is marked failed, nothing is sent
    const failed = await place('mollie');
    await db.query(
      `UPDATE payment.payment SET status = 'expired', "providerStatus" = 'expired', "settledAt" = now() WHERE "orderId" = $1`,
      [failed.id],
    );
    await waitFor(async () => (await publicView(failed)).isFailed === true, 5000);
    expect(await jobs(failed.id)).toEqual([]);
    expect((await settledEvents(order.id)) + (await settledEvents(failed.id))).toBe(0);
  });

  it('replays an online order with its Idempotency-Key: same order, same payment, no second payment at the provider', async () => {
    const key = `pay-${Date.now()}`;
    const before = mollie.payments.size;
    const first = await place('mollie', key);
    const again = await place('mollie', key);
    expect(again.id).toBe(first.id);
    expect(again.paymentRedirectUrl).toBe(first.paymentRedirectUrl);
    expect(mollie.payments.size).toBe(before + 1);
  });

  it('lets staff re-check a payment with the provider (POST /orders/{id}/update-payment-status)', async () => {
    const order = await place('datatrans');
    await datatrans.setStatus(providerIdOf(order), 'settled', { webhook: false });
    const res = await admin.post(`/api/orders/${order.id}/update-payment-status`).expect(200);
    expect(res.body.data).toMatchObject({ id: order.id, isPaid: true });
    expect(await settledEvents(order.id)).toBe(1);
    // an employee of the branch may re-check too; anonymous callers may not
    const employee = await login(stack, EMPLOYEE);
    await employee.post(`/api/orders/${order.id}/update-payment-status`).expect(200);
    await request(stack.baseUrl).post(`/api/orders/${order.id}/update-payment-status`).expect(401);
    // a counter payment has nothing to re-check
    const cash = (await placeRaw('cash')).body.data;
    const conflict = await admin.post(`/api/orders/${cash.id}/update-payment-status`).expect(409);
    expect(conflict.body.message).toBe('Diese Bestellung wird nicht online bezahlt.');
  });

  it('answers the staff re-check with a German 503 when the provider cannot be reached', async () => {
    const order = await place('mollie');
    await mollie.stop();
    try {
      const res = await admin.post(`/api/orders/${order.id}/update-payment-status`).expect(503);
      // the back office shows this text as it is (its own failure text for the re-check is the same)
      expect(res.body.message).toBe('Zahlungsstatus konnte nicht überprüft werden.');
    } finally {
      await mollie.start(Number(new URL(mollie.baseUrl).port));
    }
    await admin.post(`/api/orders/${order.id}/update-payment-status`).expect(200);
  });

  it.each(['atm-card', 'hydro-ag-voucher'])(
    'takes %s at the counter: no redirect, no provider payment, the order’s jobs at once',
    async (method) => {
      const config = (await admin.get('/api/config').expect(200)).body.data;
      if (!config.enableHydroAGVoucher || !config.enablePluginHydroAGVoucher) {
        await admin
          .post('/api/config', { ...config, enableHydroAGVoucher: true, enablePluginHydroAGVoucher: true })
          .expect(200);
      }
      const b = (await admin.get(`/api/branches/${branch.id}`).expect(200)).body.data;
      if (!b.isATMCardEnabled || !b.isHydroAGVoucherEnabled) {
        await admin
          .put(`/api/branches/${branch.id}`, { ...b, isATMCardEnabled: true, isHydroAGVoucherEnabled: true })
          .expect(200);
      }
      const atProviders = mollie.payments.size + datatrans.transactions.size;
      let res: request.Response | undefined;
      // the order service's read model follows the changes through their events
      await waitFor(async () => (res = await placeRaw(method)).status === 201, 5000);
      const order = res!.body.data;
      expect(order).toMatchObject({ paymentMethod: method, isPaid: false, paymentRedirectUrl: null });
      expect(mollie.payments.size + datatrans.transactions.size).toBe(atProviders);
      expect(
        Number((await db.query(`SELECT count(*) FROM payment.payment WHERE "orderId" = $1`, [order.id]))[0].count),
      ).toBe(0);
      expect(await jobs(order.id)).toEqual([`email-${order.id}-created`, `print-${order.id}-created`]);
    },
  );

  it('answers 503 with a German message when the provider cannot be reached, and the same request succeeds later', async () => {
    const key = `down-${Date.now()}`;
    await mollie.stop();
    try {
      const res = await placeRaw('mollie', key);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        'Die Online-Zahlung ist derzeit nicht möglich. Bitte versuchen Sie es gleich noch einmal oder wählen Sie eine andere Zahlungsart.',
      );
    } finally {
      await mollie.start(Number(new URL(mollie.baseUrl).port));
    }
    const retried = await place('mollie', key);
    expect(retried.paymentRedirectUrl).toContain('/checkout/select-method/');
  });

  it('answers a slow provider with the payment’s own 503 before the bus gives up, and the same request succeeds once it answers', async () => {
    // the stack runs with the production timeouts: provider 3 s (the default), bus 5 s (gateway → order → payment)
    expect(stack.env.PAYMENT_PROVIDER_TIMEOUT_MS).toBeUndefined();
    expect(stack.env.NATS_REQUEST_TIMEOUT_MS).toBe('5000');
    const key = `slow-${Date.now()}`;
    mollie.delayMs = 6000;
    try {
      const started = Date.now();
      const res = await placeRaw('mollie', key);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        'Die Online-Zahlung ist derzeit nicht möglich. Bitte versuchen Sie es gleich noch einmal oder wählen Sie eine andere Zahlungsart.',
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      mollie.delayMs = 0;
    }
    const retried = await place('mollie', key);
    expect(retried.paymentRedirectUrl).toContain('/checkout/select-method/');
  });

  it('refuses a Datatrans webhook signed more than 5 minutes ago (a replay)', async () => {
    const order = await place('datatrans');
    const id = providerIdOf(order);
    await datatrans.setStatus(id, 'settled', { webhook: false });
    const stale = datatrans.signedWebhook(id, undefined, Date.now() - 6 * 60_000);
    expect(await datatrans.sendWebhook(id, stale)).toBe(401);
    const early = datatrans.signedWebhook(id, undefined, Date.now() + 6 * 60_000);
    expect(await datatrans.sendWebhook(id, early)).toBe(401);
    expect(await settledEvents(order.id)).toBe(0);
    // within the window it is taken
    expect(await datatrans.sendWebhook(id, datatrans.signedWebhook(id, undefined, Date.now() - 60_000))).toBe(200);
    await untilPaid(order);
  });

  it('never marks paid a payment whose provider charged another amount or currency than the order', async () => {
    const cheap = await place('datatrans');
    datatrans.transactions.get(providerIdOf(cheap))!.amount = 1; // EUR 0,01 instead of the order's total
    await datatrans.setStatus(providerIdOf(cheap), 'settled');
    const francs = await place('datatrans');
    datatrans.transactions.get(providerIdOf(francs))!.currency = 'CHF';
    await datatrans.setStatus(providerIdOf(francs), 'settled');
    for (const order of [cheap, francs]) {
      await waitFor(async () => (await publicView(order)).isFailed === true, 5000);
      expect((await publicView(order)).isPaid).toBe(false);
      const [payment] = await db.query(`SELECT status, "providerStatus" FROM payment.payment WHERE "orderId" = $1`, [
        order.id,
      ]);
      expect(payment.status).toBe('failed');
      expect(payment.providerStatus).toMatch(/^amount-mismatch: /);
      expect(await jobs(order.id)).toEqual([]);
    }
  });

  it('refuses staff edits of the items of a paid order (the total would no longer be what was charged)', async () => {
    const order = await place('mollie');
    await admin.put(`/api/orders/${order.id}/items/0`, { amount: 3 }).expect(200); // still open: allowed
    await mollie.setStatus(providerIdOf(order), 'paid');
    await untilPaid(order);
    const refused = await admin.put(`/api/orders/${order.id}/items/0`, { amount: 1 }).expect(409);
    expect(refused.body.message).toBe(t('order.paidItemsLocked'));
    const stored = (await admin.get(`/api/orders/${order.id}`).expect(200)).body.data;
    expect(stored.items[0].amount).toBe(3);
  });
});
