import type { DataSource } from 'typeorm';
import { orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { GetPickupBoard } from './pickup-board.usecase.js';

describe('GetPickupBoard (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: GetPickupBoard;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('pickup_board'));
    kit = orderKit(ds);
    usecase = new GetPickupBoard(kit.orders);
  });
  afterAll(() => close());

  it('shows the tickets staff confirmed, in progress or ready; open, delivery and final orders are not on it', async () => {
    const [open, inProgress, ready, delivery, done] = [
      await kit.place(),
      await kit.place(),
      await kit.place(),
      await kit.place(),
      await kit.place(),
    ];
    const orders = ds.getRepository(OrderEntity);
    await orders.update(inProgress.id, { isConfirmed: true });
    await orders.update(ready.id, { isConfirmed: true, isReadyForPickup: true });
    await orders.update(delivery.id, { isConfirmed: true, isDelivery: true });
    await orders.update(done.id, { isConfirmed: true, isCompleted: true });
    expect(open.ticketNumber).toBe(1);
    expect(await usecase.execute(1)).toEqual({
      branch: 1,
      inProgress: [String(inProgress.ticketNumber)],
      ready: [String(ready.ticketNumber)],
    });
  });
});
