import type { DataSource } from 'typeorm';
import { admin, employeeOf, orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { GetOrder } from './get-order.usecase.js';

describe('GetOrder (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: GetOrder;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('get_order'));
    kit = orderKit(ds, { contexts: [orderContext(1), orderContext(2)] });
    usecase = new GetOrder(kit.orders, kit.views);
  });
  afterAll(() => close());

  it('shows staff of its branch the order with its lines; another branch sees a 404, a visitor a 401', async () => {
    const order = await kit.place(1);
    expect(await usecase.execute(employeeOf(1), order.id)).toMatchObject({
      id: order.id,
      ticketNumber: 1,
      items: [{ product: 11, name: 'Pizza Margherita', amount: 1 }],
      receipt: null,
    });
    expect((await usecase.execute(admin, order.id)).id).toBe(order.id);
    await expect(usecase.execute(employeeOf(2), order.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(usecase.execute(null, order.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(usecase.execute(admin, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
