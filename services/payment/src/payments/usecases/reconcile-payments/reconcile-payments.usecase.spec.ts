import { paymentTestDatabase, type PaymentTestKit } from '../../../../test/payment-test-kit.js';
import { ReconcilePayments } from './reconcile-payments.usecase.js';

const MINUTE_MS = 60_000;

describe('ReconcilePayments (real Postgres, the local fake Mollie)', () => {
  let kit: PaymentTestKit;
  let reconcile: ReconcilePayments;
  beforeAll(async () => {
    kit = await paymentTestDatabase('payment_reconcile', {
      env: { PAYMENT_RECONCILE_MIN_AGE_MS: String(MINUTE_MS), PAYMENT_RECONCILE_MAX_AGE_HOURS: '48' },
    });
    reconcile = new ReconcilePayments(kit.payments, kit.settlement, kit.config, kit.logger);
  });
  afterAll(() => kit.close());

  it('settles open payments whose webhook never came, once they are old enough and until they are too old', async () => {
    const lost = await kit.startFor(1);
    const open = await kit.startFor(2);
    await kit.mollie.setStatus(lost.providerPaymentId!, 'paid', { webhook: false });
    // too young: a webhook normally settles them first
    expect(await reconcile.execute(new Date())).toBe(0);
    // too old: the provider expired them long ago
    expect(await reconcile.execute(new Date(Date.now() + 49 * 60 * MINUTE_MS))).toBe(0);
    expect(await reconcile.execute(new Date(Date.now() + 2 * MINUTE_MS))).toBe(1);
    expect((await kit.row(1)).status).toBe('paid');
    // the open one was asked too: when, and the provider's word
    expect((await kit.row(2)).lastCheckedAt).not.toBeNull();
    expect(await reconcile.execute(new Date(Date.now() + 2 * MINUTE_MS))).toBe(0);
    expect(open.status).toBe('open');
  });

  it('counts a provider that cannot be asked as nothing settled and goes on', async () => {
    const key = kit.mollie.apiKey;
    Object.assign(kit.mollie, { apiKey: 'wrong' });
    try {
      expect(await reconcile.execute(new Date(Date.now() + 2 * MINUTE_MS))).toBe(0);
    } finally {
      Object.assign(kit.mollie, { apiKey: key });
    }
  });
});
