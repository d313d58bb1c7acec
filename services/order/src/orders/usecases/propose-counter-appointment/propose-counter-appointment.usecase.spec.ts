import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import { employeeOf, orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
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
    // branch 2 sends no counter-proposal e-mails
    kit = orderKit(ds, {
      contexts: [orderContext(1), orderContext(2, { branch: { isCounterProposalEmailEnabled: false } })],
    });
    usecase = new ProposeCounterAppointment(kit.changes, kit.catalogue);
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

  const counterMails = async (orderId: number) =>
    (await kit.outbox(orderId))
      .filter((r) => r.payload.name === 'email-order-status')
      .map((r) => r.payload as { jobId: string; data: { kind: string; order: { counterAppointment: string } } });

  it('writes the proposal e-mail with the proposed time, one per proposal, none where the branch turned it off', async () => {
    const order = await kit.place();
    const first = new Date(Date.now() + 3_600_000).toISOString();
    const second = new Date(Date.now() + 7_200_000).toISOString();
    await usecase.execute(employeeOf(1), order.id, { counterAppointment: first });
    await usecase.execute(employeeOf(1), order.id, { counterAppointment: second });
    const mails = await counterMails(order.id);
    expect(mails.map((j) => [j.data.kind, j.data.order.counterAppointment])).toEqual([
      ['counter-proposal', first],
      ['counter-proposal', second],
    ]);
    expect(mails[0]!.jobId).toMatch(new RegExp(`^email-${order.id}-counter-\\d+$`));
    expect(new Set(mails.map((j) => j.jobId)).size).toBe(2);

    const off = await kit.place(2);
    await usecase.execute(employeeOf(2), off.id, { counterAppointment: first });
    expect(await counterMails(off.id)).toEqual([]);
  });
});
