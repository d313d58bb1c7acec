import type { DataSource } from 'typeorm';
import { orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { RejectCounterAppointment } from './reject-counter-appointment.usecase.js';

describe('RejectCounterAppointment (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: RejectCounterAppointment;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('reject_counter'));
    kit = orderKit(ds);
    usecase = new RejectCounterAppointment(kit.changes);
  });
  afterAll(() => close());

  it('cancels the order and records the decline; a confirmed order has no proposal left to answer', async () => {
    const order = await kit.place();
    const proposed = new Date(Date.now() + 3_600_000);
    await ds.getRepository(OrderEntity).update(order.id, { counterAppointment: proposed });
    expect(await usecase.execute({ uid: order.uid, hash: order.hash })).toMatchObject({ isCanceled: true });
    expect(await kit.stored(order.id)).toMatchObject({ counterAnswer: 'declined', counterAppointment: null });

    const confirmed = await kit.place();
    await ds.getRepository(OrderEntity).update(confirmed.id, { counterAppointment: proposed, isConfirmed: true });
    await expect(usecase.execute({ uid: confirmed.uid, hash: confirmed.hash })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
