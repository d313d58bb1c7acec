import type { DataSource } from 'typeorm';
import { orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { ViewPublicOrder } from './view-public-order.usecase.js';

describe('ViewPublicOrder (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: ViewPublicOrder;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('view_public_order'));
    kit = orderKit(ds);
    usecase = new ViewPublicOrder(ds, kit.changes);
  });
  afterAll(() => close());

  it('shows the order behind uid and hash; a wrong hash and an unknown uid are the same 404', async () => {
    const order = await kit.place();
    expect(await usecase.execute({ uid: order.uid, hash: order.hash })).toEqual(order);
    await expect(usecase.execute({ uid: order.uid, hash: 'falsch' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(usecase.execute({ uid: 'unbekannt', hash: order.hash })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
