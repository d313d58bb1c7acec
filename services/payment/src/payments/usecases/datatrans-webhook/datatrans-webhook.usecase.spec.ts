import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { DatatransWebhook } from './datatrans-webhook.usecase.js';

describe('DatatransWebhook (real Postgres, the local fake Datatrans)', () => {
  let kit: PaymentTestKit;
  let webhook: DatatransWebhook;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_datatrans_webhook');
    webhook = new DatatransWebhook(kit.providers, kit.settlement, kit.logger);
  });
  afterAll(() => kit.close());

  it('settles the transaction a signed webhook names, once', async () => {
    const view = await kit.startFor(1, { provider: 'datatrans' });
    const id = view.providerPaymentId!;
    await kit.datatrans.setStatus(id, 'settled', { webhook: false });
    const signed = kit.datatrans.signedWebhook(id);
    expect(await webhook.execute(signed.body, signed.signature)).toEqual({ accepted: true, status: 'paid' });
    expect(await webhook.execute(signed.body, signed.signature)).toEqual({ accepted: true, status: 'paid' });
    expect(await kit.settledEvents()).toMatchObject([{ orderId: 1, provider: 'datatrans', status: 'paid' }]);
  });

  it('ignores a forged or unsigned webhook, and accepts a signed one that names no transaction', async () => {
    const view = await kit.startFor(2, { provider: 'datatrans' });
    const id = view.providerPaymentId!;
    await kit.datatrans.setStatus(id, 'canceled', { webhook: false });
    const forged = kit.datatrans.signedWebhook(id, 'ab'.repeat(32));
    expect(await webhook.execute(forged.body, forged.signature)).toEqual({ accepted: false, status: null });
    expect(await webhook.execute(forged.body, null)).toEqual({ accepted: false, status: null });
    expect((await kit.row(2)).status).toBe('open');
    const notJson = kit.datatrans.sign('not json');
    expect(await webhook.execute(notJson.body, notJson.signature)).toEqual({ accepted: true, status: null });
    const signed = kit.datatrans.signedWebhook(id);
    expect(await webhook.execute(signed.body, signed.signature)).toEqual({ accepted: true, status: 'canceled' });
  });
});
