import type { DataSource } from 'typeorm';
import { employeeOf, orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { TransitionOrder } from './transition-order.usecase.js';

describe('TransitionOrder (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: TransitionOrder;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('transition_order'));
    // branch 1 prints on confirmation (the default), branch 2 on creation
    kit = orderKit(ds, { contexts: [orderContext(1), orderContext(2, { branch: { printOn: 'created' } })] });
    usecase = new TransitionOrder(kit.changes, kit.catalogue);
  });
  afterAll(() => close());

  it('confirms with the receipt job where the branch prints on confirmation, and tells the others', async () => {
    const order = await kit.place(1);
    expect(await usecase.execute(employeeOf(1), order.id, 'confirm', undefined)).toMatchObject({
      isConfirmed: true,
      status: 'confirmed',
    });
    const rows = await kit.outbox(order.id);
    expect(rows.map((r) => r.payload.jobId ?? `${r.subject}:${String(r.payload.change)}`)).toEqual([
      'order.order.created:created',
      `email-${order.id}-created`,
      `print-${order.id}-confirmed`,
      'order.order.updated:confirm',
    ]);
    const printed = await kit.place(2);
    await usecase.execute(employeeOf(2), printed.id, 'confirm', undefined);
    expect((await kit.outbox(printed.id)).filter((r) => r.payload.jobId === `print-${printed.id}-confirmed`)).toEqual(
      [],
    );
  });

  it('rejects with its message; a final order changes no more (409); another branch is 404', async () => {
    const order = await kit.place(1);
    const rejected = await usecase.execute(employeeOf(1), order.id, 'reject', {
      rejectionMessage: 'Heute leider nicht',
    });
    expect(rejected).toMatchObject({ isRejected: true, rejectionMessage: 'Heute leider nicht' });
    await expect(usecase.execute(employeeOf(1), order.id, 'confirm', undefined)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(usecase.execute(employeeOf(2), order.id, 'cancel', undefined)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
