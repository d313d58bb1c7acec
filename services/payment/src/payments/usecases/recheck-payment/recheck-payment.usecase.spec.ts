import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { RecheckPayment } from './recheck-payment.usecase.js';

describe('RecheckPayment (real Postgres, the local fake Mollie)', () => {
  let kit: PaymentTestKit;
  let recheck: RecheckPayment;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_recheck');
    recheck = new RecheckPayment(kit.payments, kit.settlement, kit.logger);
  });
  afterAll(() => kit.close());

  it('asks the provider about the order’s payment and answers it as settled', async () => {
    expect(await recheck.execute(1)).toBeNull();
    const view = await kit.startFor(1);
    expect(await recheck.execute(1)).toEqual(view);
    await kit.mollie.setStatus(view.providerPaymentId!, 'expired', { webhook: false });
    expect(await recheck.execute(1)).toEqual({ ...view, status: 'expired' });
    expect(await kit.settledEvents()).toMatchObject([{ orderId: 1, status: 'expired' }]);
  });

  it('answers 503 when the provider cannot be reached (staff asked)', async () => {
    await kit.startFor(2);
    const key = kit.mollie.apiKey;
    Object.assign(kit.mollie, { apiKey: 'wrong' });
    try {
      await expect(recheck.execute(2)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      Object.assign(kit.mollie, { apiKey: key });
    }
  });
});
