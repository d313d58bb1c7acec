import type { DataSource } from 'typeorm';
import { admin, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { MissedOrders } from './missed-orders.usecase.js';

describe('MissedOrders (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: MissedOrders;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('missed_orders'));
    kit = orderKit(ds, { config: { ORDER_MISSED_AFTER_MINUTES: 15 } });
    usecase = new MissedOrders(kit.orders, kit.views, kit.config);
  });
  afterAll(() => close());

  it('lists open orders due more than ORDER_MISSED_AFTER_MINUTES ago; confirmed or recent ones are not missed', async () => {
    const missed = await kit.place();
    const answered = await kit.place();
    await kit.place();
    const longAgo = new Date(Date.now() - 20 * 60_000);
    await ds.getRepository(OrderEntity).update(missed.id, { appointment: longAgo });
    await ds.getRepository(OrderEntity).update(answered.id, { appointment: longAgo, isConfirmed: true });
    expect((await usecase.execute(admin, 1)).map((o) => o.id)).toEqual([missed.id]);
  });
});
