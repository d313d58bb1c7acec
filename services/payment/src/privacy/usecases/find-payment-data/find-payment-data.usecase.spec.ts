import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { MollieWebhook } from '../../../payments/usecases/mollie-webhook/mollie-webhook.usecase.js';
import { PaymentPrivacyRepository } from '../../payment-privacy.repository.js';
import { FindPaymentData } from './find-payment-data.usecase.js';

const subject = { emails: ['anna.berger@example.at'], phoneDigits: [], phonesE164: [] };

describe('FindPaymentData (real Postgres)', () => {
  let kit: PaymentTestKit;
  let find: FindPaymentData;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_privacy_find');
    find = new FindPaymentData(new PaymentPrivacyRepository(kit.ds));
  });
  afterAll(() => kit.close());

  it("lists the payments of the customer's orders in German, not those of other orders", async () => {
    const paid = await kit.startFor(1);
    await kit.mollie.setStatus(paid.providerPaymentId!, 'paid', { webhook: false });
    await new MollieWebhook(kit.settlement).execute(paid.providerPaymentId!);
    await kit.startFor(2, { provider: 'datatrans', amount: 12 });
    await kit.startFor(3);

    const { sections } = await find.execute({ subject, orderIds: [1, 2] });

    expect(sections.map((s) => s.kind)).toEqual(['payments']);
    const [first, second] = sections[0]!.rows;
    expect(first).toMatchObject({
      Bestellung: 1,
      Anbieter: 'Mollie',
      'Zahlungsnummer des Anbieters': paid.providerPaymentId,
      Betrag: 23.5,
      Währung: 'EUR',
      Status: 'bezahlt',
    });
    expect(first!['Bezahlt am']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(second).toMatchObject({
      Bestellung: 2,
      Anbieter: 'Datatrans',
      Betrag: 12,
      Status: 'offen',
      'Bezahlt am': null,
    });
  });

  it('lists nothing without orders (a payment names no customer: the order service finds the orders)', async () => {
    expect(await find.execute({ subject })).toEqual({ sections: [] });
    expect(await find.execute({ subject, orderIds: [999] })).toEqual({ sections: [] });
  });

  it('stores no personal data: a new column of the payment table is judged for issue 44 before it is added here', async () => {
    const columns: Array<{ name: string }> = await kit.ds.query(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'payment' AND table_name = 'payment' ORDER BY column_name`,
    );
    // amounts, the provider's payment id and status, our random reference, the order's return paths, the provider's
    // checkout address: none names or reaches the customer, so the payment service has no erasure
    expect(columns.map((c) => c.name)).toEqual([
      'amount',
      'checkoutUrl',
      'createdAt',
      'currency',
      'failurePath',
      'id',
      'lastCheckedAt',
      'orderId',
      'provider',
      'providerPaymentId',
      'providerStatus',
      'reference',
      'settledAt',
      'status',
      'successPath',
      'updatedAt',
    ]);
  });
});
