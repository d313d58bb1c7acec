import type { DataSource } from 'typeorm';
import { admin, employeeOf, orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { ListOrders } from './list-orders.usecase.js';

describe('ListOrders (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: ListOrders;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('list_orders'));
    kit = orderKit(ds, { contexts: [orderContext(1), orderContext(2)] });
    usecase = new ListOrders(kit.orders, kit.views);
  });
  afterAll(() => close());

  it("pages the actor's branches newest first, and filters by status and customer", async () => {
    const a = await kit.place(1, { lastName: 'Huber' });
    const b = await kit.place(1);
    const other = await kit.place(2);
    await ds.getRepository(OrderEntity).update(b.id, { isConfirmed: true });
    const mine = await usecase.execute(employeeOf(1), { perPage: '1' });
    expect(mine.meta).toEqual({ total: 2, page: 1, perPage: 1 });
    expect(mine.items.map((o) => o.id)).toEqual([b.id]);
    expect((await usecase.execute(admin, {})).meta.total).toBe(3);
    expect((await usecase.execute(admin, { status: 'confirmed' })).items.map((o) => o.id)).toEqual([b.id]);
    expect((await usecase.execute(admin, { search: 'hub' })).items.map((o) => o.id)).toEqual([a.id]);
    expect((await usecase.execute(admin, { branch: '2' })).items.map((o) => o.id)).toEqual([other.id]);
  });

  it('is 403 for a branch the actor does not see, 422 for a malformed filter', async () => {
    await expect(usecase.execute(employeeOf(1), { branch: '2' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(usecase.execute(admin, { status: 'irgendwas' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
