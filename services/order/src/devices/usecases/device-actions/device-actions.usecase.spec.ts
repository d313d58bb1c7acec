import type { Actor } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addDevice, orderTestDatabase } from '../../../../test/order-test-database.js';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import { DeviceActions } from './device-actions.usecase.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };

describe('DeviceActions (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: DeviceActions;
  let kicks = 0;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('device_actions'));
    usecase = new DeviceActions(ds, { kick: async () => void kicks++ });
  });
  afterAll(() => close());

  it('admins only; an unknown device is 404', async () => {
    const device = await addDevice(ds);
    await expect(usecase.queue(employee, device.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(usecase.queue(null, device.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(usecase.logs(admin, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('test page: a print-test-page job in the outbox for printers, 409 for notification devices', async () => {
    const printer = await addDevice(ds, { branchId: 4 });
    const { jobId } = await usecase.testPrint(admin, printer.id);
    expect(jobId).toMatch(new RegExp(`^print-0-test-${printer.id}-`));
    const row = await ds.getRepository(OutboxEntity).findOneByOrFail({ subject: 'job.print' });
    expect(row.payload).toMatchObject({
      name: 'print-test-page',
      queue: 'print',
      jobId,
      data: { branch: 4, deviceId: printer.id },
    });
    expect(kicks).toBe(1);
    const notifier = await addDevice(ds, { type: 'notification', protocol: null });
    await expect(usecase.testPrint(admin, notifier.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t('devices.testFailed'),
    });
  });

  it('test notification: straight into the notification device queue; 409 for printers; the queue lists it', async () => {
    const notifier = await addDevice(ds, { type: 'notification', protocol: null });
    const entry = await usecase.testNotification(admin, notifier.id);
    expect(entry).toMatchObject({
      device: notifier.id,
      kind: 'notification',
      status: 'queued',
      orderId: null,
      attempts: 0,
    });
    const row = await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: entry.id });
    expect(Buffer.from(row.documents['text/plain']!, 'base64').toString()).toBe(t('orderMessages.notifyTest'));
    expect((await usecase.queue(admin, notifier.id)).map((e) => e.id)).toEqual([entry.id]);
    const printer = await addDevice(ds);
    await expect(usecase.testNotification(admin, printer.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a disabled printer or notification device is refused a test (409 in German), and no job is queued', async () => {
    const printer = await addDevice(ds, { branchId: 7, isEnabled: false });
    const jobsBefore = await ds.getRepository(OutboxEntity).countBy({ subject: 'job.print' });
    await expect(usecase.testPrint(admin, printer.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      errors: [
        {
          field: 'isEnabled',
          message: 'Test nicht erfolgreich: Das Gerät ist deaktiviert. Bitte aktivieren Sie es zuerst.',
        },
      ],
    });
    expect(await ds.getRepository(OutboxEntity).countBy({ subject: 'job.print' })).toBe(jobsBefore);
    const notifier = await addDevice(ds, { type: 'notification', protocol: null, isEnabled: false });
    await expect(usecase.testNotification(admin, notifier.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t('devices.testDisabled'),
    });
    expect(await ds.getRepository(DeviceQueueEntity).countBy({ deviceId: notifier.id })).toBe(0);
  });

  it('request logs: marks the device and logs the request, newest log first', async () => {
    const device = await addDevice(ds);
    const { requestedAt } = await usecase.requestLogs(admin, device.id);
    expect(
      (await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).logsRequestedAt?.toISOString(),
    ).toBe(requestedAt);
    await usecase.requestLogs(admin, device.id);
    const logs = await usecase.logs(admin, device.id);
    expect(logs.map((l) => l.message)).toEqual([
      t('orderMessages.deviceLogRequested'),
      t('orderMessages.deviceLogRequested'),
    ]);
    expect(logs[0]!.id).toBeGreaterThan(logs[1]!.id);
  });
});
