import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { PaymentReturned } from './payment-returned.usecase.js';

describe('PaymentReturned (real Postgres, the local fake Mollie)', () => {
  let kit: PaymentTestKit;
  let returned: PaymentReturned;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_returned');
    returned = new PaymentReturned(kit.payments, kit.settlement, kit.logger);
  });
  afterAll(() => kit.close());

  it('sends the customer to the order when paid or still open, to the checkout when it failed', async () => {
    await kit.startFor(1);
    const { reference } = await kit.row(1);
    expect(await returned.execute(reference)).toEqual({ location: '/bestellung/1' });
    await kit.startFor(2);
    const second = await kit.row(2);
    await kit.mollie.setStatus(second.providerPaymentId!, 'paid', { webhook: false });
    expect(await returned.execute(second.reference)).toEqual({ location: '/bestellung/2' });
    expect((await kit.row(2)).status).toBe('paid');
    await kit.startFor(3);
    const third = await kit.row(3);
    await kit.mollie.setStatus(third.providerPaymentId!, 'canceled', { webhook: false });
    expect(await returned.execute(third.reference)).toEqual({ location: '/kasse' });
  });

  it('sends an unknown reference home, and a payment the provider cannot tell about to the order', async () => {
    expect(await returned.execute('no-such-reference')).toEqual({ location: '/' });
    await kit.startFor(4);
    const row = await kit.row(4);
    await kit.mollie.setStatus(row.providerPaymentId!, 'failed', { webhook: false });
    const key = kit.mollie.apiKey;
    Object.assign(kit.mollie, { apiKey: 'wrong' });
    try {
      expect(await returned.execute(row.reference)).toEqual({ location: '/bestellung/4' });
    } finally {
      Object.assign(kit.mollie, { apiKey: key });
    }
  });
});
