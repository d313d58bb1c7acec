import type { DataSource } from 'typeorm';
import { employeeOf, orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { TransitionOrder } from './transition-order.usecase.js';

describe('TransitionOrder (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: TransitionOrder;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('transition_order'));
    // branch 1 prints on confirmation (the default), branch 2 on creation; branch 3 sends no confirmation e-mails and takes
    // orders without an e-mail address
    kit = orderKit(ds, {
      contexts: [
        orderContext(1),
        orderContext(2, { branch: { printOn: 'created' } }),
        orderContext(3, { branch: { isConfirmedEmailEnabled: false, isTakeawayEmailRequired: false } }),
      ],
    });
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
      `email-${order.id}-status-confirmed`,
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

  /** the status e-mail jobs (issue 42) the order's changes wrote, oldest first */
  const statusMails = async (orderId: number) =>
    (await kit.outbox(orderId))
      .filter((r) => r.payload.name === 'email-order-status')
      .map((r) => r.payload as { jobId: string; data: Record<string, unknown> & { kind: string } });

  it('writes one status e-mail per change with what the mail shows, and none for completing', async () => {
    const order = await kit.place(1);
    await usecase.execute(employeeOf(1), order.id, 'confirm', undefined);
    await usecase.execute(employeeOf(1), order.id, 'ready-for-pickup', undefined);
    await usecase.execute(employeeOf(1), order.id, 'completed', undefined);
    const mails = await statusMails(order.id);
    expect(mails.map((j) => [j.jobId, j.data.kind])).toEqual([
      [`email-${order.id}-status-confirmed`, 'confirmed'],
      [`email-${order.id}-status-ready-for-pickup`, 'ready-for-pickup'],
    ]);
    expect(mails[0]!.data).toEqual({
      orderId: order.id,
      branch: 1,
      reason: 'status-confirmed',
      kind: 'confirmed',
      // the address and the name it greets: no phone, address, items or prices of the customer
      customer: { email: 'anna.berger@example.at', firstName: 'Anna', lastName: 'Berger' },
      order: {
        uid: order.uid,
        hash: order.hash,
        ticketNumber: order.ticketNumber,
        isDelivery: false,
        isDineIn: false,
        appointment: null,
        counterAppointment: null,
        rejectionMessage: null,
      },
      sender: {
        branch: expect.objectContaining({ id: 1, name: 'Filiale 1', timezone: 'Europe/Vienna' }),
        shop: expect.objectContaining({ shopName: 'Testladen' }),
      },
    });
  });

  it('tells a delivery customer it is on its way, a rejected one the message, a canceled one', async () => {
    const delivered = await kit.place(1);
    await ds.getRepository(OrderEntity).update(delivered.id, { isDelivery: true });
    await usecase.execute(employeeOf(1), delivered.id, 'confirm', undefined);
    await usecase.execute(employeeOf(1), delivered.id, 'in-delivery', undefined);
    await usecase.execute(employeeOf(1), delivered.id, 'cancel', undefined);
    expect((await statusMails(delivered.id)).map((j) => j.data.kind)).toEqual(['confirmed', 'in-delivery', 'canceled']);

    const rejected = await kit.place(1);
    await usecase.execute(employeeOf(1), rejected.id, 'reject', { rejectionMessage: 'Heute leider ausgebucht' });
    const [mail] = await statusMails(rejected.id);
    expect(mail).toMatchObject({
      jobId: `email-${rejected.id}-status-rejected`,
      data: { kind: 'rejected', order: { rejectionMessage: 'Heute leider ausgebucht' } },
    });
  });

  it('sends nothing where the branch turned the kind off or the customer gave no address', async () => {
    const off = await kit.place(3);
    await usecase.execute(employeeOf(3), off.id, 'confirm', undefined);
    await usecase.execute(employeeOf(3), off.id, 'cancel', undefined);
    expect((await statusMails(off.id)).map((j) => j.data.kind)).toEqual(['canceled']);

    const anonymous = await kit.place(3, { email: null });
    await usecase.execute(employeeOf(3), anonymous.id, 'cancel', undefined);
    expect(await statusMails(anonymous.id)).toEqual([]);
  });

  it('writes no second mail for a refused repeat of the same change', async () => {
    const order = await kit.place(1);
    await usecase.execute(employeeOf(1), order.id, 'confirm', undefined);
    await expect(usecase.execute(employeeOf(1), order.id, 'confirm', undefined)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await statusMails(order.id)).toHaveLength(1);
  });
});
