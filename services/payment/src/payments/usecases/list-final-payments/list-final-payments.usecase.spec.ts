import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { MollieWebhook } from '../mollie-webhook/mollie-webhook.usecase.js';
import { ListFinalPayments } from './list-final-payments.usecase.js';

describe('ListFinalPayments (real Postgres)', () => {
  let kit: PaymentTestKit;
  let list: ListFinalPayments;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_list_final');
    list = new ListFinalPayments(kit.payments);
  });
  afterAll(() => kit.close());

  it('answers the final payments of the orders asked about, not the open ones nor other orders', async () => {
    const paid = await kit.startFor(1);
    await kit.startFor(2);
    const other = await kit.startFor(3);
    for (const v of [paid, other]) {
      await kit.mollie.setStatus(v.providerPaymentId!, 'paid', { webhook: false });
      await new MollieWebhook(kit.settlement).execute(v.providerPaymentId!);
    }
    expect(await list.execute({ orderIds: [1, 2] })).toEqual([{ ...paid, status: 'paid' }]);
    expect(await list.execute({ orderIds: [] })).toEqual([]);
    await expect(list.execute({ orderIds: [0] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
