import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import { employeeOf, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { ProposeCounterAppointment } from './propose-counter-appointment.usecase.js';

describe('ProposeCounterAppointment (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: ProposeCounterAppointment;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('propose_counter'));
    kit = orderKit(ds);
    usecase = new ProposeCounterAppointment(kit.changes);
  });
  afterAll(() => close());

  it('proposes a future time to an open order, clearing an earlier answer', async () => {
    const order = await kit.place();
    await ds.getRepository(OrderEntity).update(order.id, { counterAnswer: 'declined' });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(await usecase.execute(employeeOf(1), order.id, { counterAppointment: at })).toMatchObject({
      counterAppointment: at,
      counterAnswer: null,
    });
  });

  it('refuses a time in the past (422) and a confirmed order (409)', async () => {
    const order = await kit.place();
    await expect(
      usecase.execute(employeeOf(1), order.id, { counterAppointment: new Date(Date.now() - 60_000).toISOString() }),
    ).rejects.toMatchObject({ errors: [{ field: 'counterAppointment', message: t('order.counterInPast') }] });
    await ds.getRepository(OrderEntity).update(order.id, { isConfirmed: true });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await expect(usecase.execute(employeeOf(1), order.id, { counterAppointment: at })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
