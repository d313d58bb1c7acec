import type { DataSource } from 'typeorm';
import { orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { ConfirmCounterAppointment } from './confirm-counter-appointment.usecase.js';

describe('ConfirmCounterAppointment (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: ConfirmCounterAppointment;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('confirm_counter'));
    kit = orderKit(ds);
    usecase = new ConfirmCounterAppointment(kit.changes);
  });
  afterAll(() => close());

  it('makes the proposed time the one in force, records the agreement and tells the others', async () => {
    const order = await kit.place();
    const proposed = new Date(Date.now() + 3_600_000);
    await ds.getRepository(OrderEntity).update(order.id, { counterAppointment: proposed });
    const answer = await usecase.execute({ uid: order.uid, hash: order.hash });
    expect(answer).toMatchObject({ appointment: proposed.toISOString(), counterAppointment: null });
    expect(await kit.stored(order.id)).toMatchObject({
      counterAnswer: 'accepted',
      answeredCounterAppointment: proposed,
    });
    const events = (await kit.outbox(order.id)).filter((e) => e.subject === 'order.order.updated');
    expect(events.map((e) => e.payload.change)).toEqual(['counter-accepted']);
  });

  it('is 409 without an open proposal', async () => {
    const order = await kit.place();
    await expect(usecase.execute({ uid: order.uid, hash: order.hash })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
