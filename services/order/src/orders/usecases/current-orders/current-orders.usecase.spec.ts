import type { DataSource } from 'typeorm';
import { employeeOf, orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { CurrentOrders } from './current-orders.usecase.js';

describe('CurrentOrders (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: CurrentOrders;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('current_orders'));
    kit = orderKit(ds, { contexts: [orderContext(1), orderContext(2)] });
    usecase = new CurrentOrders(kit.orders, kit.views);
  });
  afterAll(() => close());

  it("lists the actor's orders that are not final, oldest due first", async () => {
    const later = await kit.place(1);
    const earlier = await kit.place(1);
    const done = await kit.place(1);
    await kit.place(2);
    await ds.getRepository(OrderEntity).update(earlier.id, { appointment: new Date(Date.now() - 3_600_000) });
    await ds.getRepository(OrderEntity).update(done.id, { isCompleted: true });
    expect((await usecase.execute(employeeOf(1))).map((o) => o.id)).toEqual([earlier.id, later.id]);
    await expect(usecase.execute(employeeOf(1), 2)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
