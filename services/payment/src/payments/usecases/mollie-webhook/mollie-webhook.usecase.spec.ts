import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { MollieWebhook } from './mollie-webhook.usecase.js';

describe('MollieWebhook (real Postgres, the local fake Mollie)', () => {
  let kit: PaymentTestKit;
  let webhook: MollieWebhook;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_mollie_webhook');
    webhook = new MollieWebhook(kit.settlement);
  });
  afterAll(() => kit.close());

  it('settles a paid payment once, with one settled event, however often the webhook comes', async () => {
    const view = await kit.startFor(1);
    const id = view.providerPaymentId!;
    expect(await webhook.execute(id)).toEqual({ status: 'open' });
    await kit.mollie.setStatus(id, 'paid', { webhook: false });
    const answers = await Promise.all([webhook.execute(id), webhook.execute(id), webhook.execute(id)]);
    expect(answers).toEqual([{ status: 'paid' }, { status: 'paid' }, { status: 'paid' }]);
    // a late "failed" changes nothing: the provider's final word was paid
    await kit.mollie.setStatus(id, 'failed', { webhook: false });
    expect(await webhook.execute(id)).toEqual({ status: 'paid' });
    expect(await kit.settledEvents()).toEqual([
      {
        paymentId: view.id,
        orderId: 1,
        provider: 'mollie',
        providerPaymentId: id,
        status: 'paid',
        at: (await kit.row(1)).settledAt!.toISOString(),
      },
    ]);
    expect(kit.kicks).toBe(1);
  });

  it('never marks paid what does not cover the order: failed, with the amount in the provider status', async () => {
    const id = (await kit.startFor(2)).providerPaymentId!;
    kit.mollie.payments.get(id)!.amount = { currency: 'EUR', value: '0.01' };
    await kit.mollie.setStatus(id, 'paid', { webhook: false });
    expect(await webhook.execute(id)).toEqual({ status: 'failed' });
    expect((await kit.row(2)).providerStatus).toBe('amount-mismatch: 0.01 EUR');
  });

  it('answers null for an unknown payment and for a provider that cannot be asked (the reconciler retries)', async () => {
    expect(await webhook.execute('tr_unknown')).toEqual({ status: null });
    const id = (await kit.startFor(3)).providerPaymentId!;
    await kit.mollie.setStatus(id, 'paid', { webhook: false });
    const key = kit.mollie.apiKey;
    Object.assign(kit.mollie, { apiKey: 'wrong' });
    try {
      expect(await webhook.execute(id)).toEqual({ status: null });
    } finally {
      Object.assign(kit.mollie, { apiKey: key });
    }
    expect((await kit.row(3)).status).toBe('open');
  });
});
