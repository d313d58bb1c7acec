import type { DataSource } from 'typeorm';
import { employeeOf, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { UpdateOrderItem } from './update-order-item.usecase.js';

describe('UpdateOrderItem (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: UpdateOrderItem;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('update_order_item'));
    kit = orderKit(ds);
    usecase = new UpdateOrderItem(kit.changes, kit.orders, kit.catalogue);
  });
  afterAll(() => close());

  it("re-prices the line and the order from the catalogue, and the event carries the order's lines", async () => {
    const order = await kit.place();
    const staff = await usecase.execute(employeeOf(1), order.id, 0, { amount: 3 });
    expect(staff.items).toMatchObject([{ position: 0, amount: 3, gross: 28.5 }]);
    expect((await kit.stored(order.id)).totalGross).toBe(28.5);
    const [event] = (await kit.outbox(order.id)).filter((r) => r.subject === 'order.order.updated');
    expect(event!.payload).toMatchObject({
      change: 'item-updated',
      totalCents: 2850,
      items: [{ productId: 11, name: 'Pizza Margherita', quantity: 3, grossCents: 2850 }],
    });
  });

  it('an unknown line is 404, a paid order 409', async () => {
    const order = await kit.place();
    await expect(usecase.execute(employeeOf(1), order.id, 5, { amount: 2 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await ds.getRepository(OrderEntity).update(order.id, { isPaid: true });
    await expect(usecase.execute(employeeOf(1), order.id, 0, { amount: 2 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
