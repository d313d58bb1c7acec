import { OrderChangedEvent, type JobItem } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { employeeOf, orderKit, type OrderKit } from '../../test/order-fixtures.js';
import { orderTestDatabase } from '../../test/order-test-database.js';
import { ANNA, privacyContexts, tracesIn } from '../../test/privacy-fixtures.js';
import { TransitionOrder } from '../orders/usecases/transition-order/transition-order.usecase.js';
import { UpdateOrderItem } from '../orders/usecases/update-order-item/update-order-item.usecase.js';

/**
 * Issue 44, item 5: what leaves the order service about an order carries no more of the customer than it needs. The
 * events on stream ORDERS (caches, the back office's board, statistics) carry none of it; the SMS job carries the
 * number alone.
 */
describe("an order's events and jobs (real Postgres)", () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('order_messages_privacy'));
    kit = orderKit(ds, { contexts: privacyContexts() });
  });
  afterAll(() => close());

  const rows = async (orderId: number) => kit.outbox(orderId);

  it("publishes its created and updated events without the customer's address, number, names or street", async () => {
    const order = await kit.place(1, { ...ANNA, isDelivery: false });
    await new UpdateOrderItem(kit.changes, kit.orders, kit.catalogue).execute(employeeOf(1), order.id, 0, {
      amount: 2,
    });
    await new TransitionOrder(kit.changes, kit.catalogue).execute(employeeOf(1), order.id, 'reject', {
      rejectionMessage: 'Leider geschlossen',
    });
    const events = (await rows(order.id)).filter((r) => r.subject.startsWith('order.order.'));
    expect(events.map((e) => [e.subject, e.payload.change])).toEqual([
      ['order.order.created', 'created'],
      ['order.order.updated', 'item-updated'],
      ['order.order.updated', 'reject'],
    ]);
    for (const event of events) {
      expect(tracesIn(event.payload)).toEqual([]);
      // and nothing beyond the event's schema (which names no customer field)
      expect(OrderChangedEvent.strict().parse(event.payload)).toEqual(event.payload);
    }
  });

  it('gives the SMS job the number alone, and the receipt and e-mail jobs what their worker renders', async () => {
    const order = await kit.place(1, ANNA);
    const jobs = (await rows(order.id)).flatMap((r) =>
      r.subject.startsWith('job.') ? [r.payload as unknown as JobItem] : [],
    );
    const snapshotOf = (name: JobItem['name']) => {
      const job = jobs.find((j) => j.name === name);
      return job && 'snapshot' in job.data ? job.data.snapshot : undefined;
    };
    const sms = snapshotOf('sms-new-order')!;
    expect(sms.order).toMatchObject({
      id: order.id,
      uid: order.uid,
      hash: order.hash,
      ticketNumber: order.ticketNumber,
      items: [],
    });
    expect(sms.order.customer).toMatchObject({ phone: '+436601234567', country: 'AT', firstName: null, email: null });
    expect(tracesIn({ ...sms.order, customer: { ...sms.order.customer, phone: null } })).toEqual([]);
    expect(sms.branch.name).toBe('Filiale 1');
    // the receipt prints the customer's name, number and texts; the e-mail goes to her address
    expect(snapshotOf('print-receipt')!.order.customer).toMatchObject({ lastName: 'Berger', phone: '+436601234567' });
    expect(snapshotOf('email-new-order')!.order.customer).toMatchObject({ email: ANNA.email });
  });
});
