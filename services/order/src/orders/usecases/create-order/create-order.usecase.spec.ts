import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import { orderContext, orderKit, takeawayForm, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';

describe('CreateOrder (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('create_order'));
    kit = orderKit(ds, { contexts: [orderContext(1), orderContext(2, { branch: { printOn: 'created' } })] });
  });
  afterAll(() => close());

  it('places a cash order priced from the catalogue, with its ticket number, event and e-mail job', async () => {
    const body = takeawayForm(1, { items: [{ product: 11, amount: 2 }] });
    const { status, order } = await kit.createOrder.execute(body, null);
    expect(status).toBe(201);
    expect(order).toMatchObject({ ticketNumber: 1, isPaid: false, paymentMethod: 'cash', branch: { id: 1 } });
    expect(order.uid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = await kit.stored(order.id);
    expect(stored.totalGross).toBe(19);
    const rows = await kit.outbox(order.id);
    expect(rows.map((r) => r.subject)).toEqual(['order.order.created', 'job.email']);
    expect(rows[1]!.payload).toMatchObject({ data: { snapshot: { order: { ticketNumber: 1 } } } });
    expect(kit.kicks()).toBeGreaterThan(0);
  });

  it('prints on creation where the branch says so, and counts tickets per branch', async () => {
    const a = (await kit.createOrder.execute(takeawayForm(2), null)).order;
    const b = (await kit.createOrder.execute(takeawayForm(2), null)).order;
    expect([a.ticketNumber, b.ticketNumber]).toEqual([1, 2]);
    expect((await kit.outbox(b.id)).map((r) => r.payload.jobId ?? r.subject)).toEqual([
      'order.order.created',
      `email-${b.id}-created`,
      `print-${b.id}-created`,
    ]);
  });

  it('replays the first answer for the same Idempotency-Key and body; another body is 422', async () => {
    const body = takeawayForm(1);
    const first = await kit.createOrder.execute(body, 'spec-key-1');
    const again = await kit.createOrder.execute(body, 'spec-key-1');
    expect(again).toEqual({ status: 201, order: first.order, replayed: true });
    await expect(kit.createOrder.execute(takeawayForm(1, { lastName: 'Huber' }), 'spec-key-1')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'Idempotency-Key', message: t('order.idempotencyMismatch') }],
    });
  });

  it('answers every error of a form in one 422, a malformed field and the rules alike, and stores nothing', async () => {
    const before = (await kit.outbox()).length;
    const body = takeawayForm(1, { email: 'ohne-at', legalInstructions: false, items: [{ product: 999, amount: 1 }] });
    await expect(kit.createOrder.execute(body, null)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([
        expect.objectContaining({ field: 'email' }),
        { field: 'legalInstructions', message: t('order.mustAccept') },
        { field: 'items.0.product', message: t('order.productUnknown') },
      ]),
    });
    expect((await kit.outbox()).length).toBe(before);
  });

  it('refuses a branch the catalogue does not offer', async () => {
    await expect(kit.createOrder.execute(takeawayForm(3), null)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'branch', message: t('order.branchUnavailable') }],
    });
  });
});
