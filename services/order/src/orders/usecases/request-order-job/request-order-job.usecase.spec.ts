import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import { employeeOf, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { addDevice, orderTestDatabase } from '../../../../test/order-test-database.js';
import { RequestOrderJob } from './request-order-job.usecase.js';

describe('RequestOrderJob (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: RequestOrderJob;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('request_order_job'));
    kit = orderKit(ds);
    usecase = new RequestOrderJob(kit.changes, kit.orders, kit.catalogue);
  });
  afterAll(() => close());

  it('resends the e-mail as a new job per request, counted on the order', async () => {
    const order = await kit.place();
    expect(await usecase.execute(employeeOf(1), order.id, 'email')).toEqual({ jobId: `email-${order.id}-resend-1` });
    expect(await usecase.execute(employeeOf(1), order.id, 'email')).toEqual({ jobId: `email-${order.id}-resend-2` });
    expect((await kit.stored(order.id)).emailCount).toBe(2);
  });

  it('prints only where an enabled printer can pull the receipt (else 409, and nothing counted)', async () => {
    const order = await kit.place();
    await expect(usecase.execute(employeeOf(1), order.id, 'print')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t('order.noPrinter', { branch: 'Filiale 1' }),
    });
    expect((await kit.stored(order.id)).printCount).toBe(0);
    await addDevice(ds, { branchId: 1, isEnabled: false });
    await expect(usecase.execute(employeeOf(1), order.id, 'print')).rejects.toMatchObject({ code: 'CONFLICT' });
    await addDevice(ds, { branchId: 1 });
    expect(await usecase.execute(employeeOf(1), order.id, 'print')).toEqual({ jobId: `print-${order.id}-print-1` });
  });
});
