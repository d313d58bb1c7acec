import { t } from '@shop/i18n-de';
import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addDevice, orderTestDatabase, silentLogger } from '../../../../test/order-test-database.js';
import { DeviceLogEntity, DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import { authenticateDevice, markSeen, nextPrintJob, recordPrintResult, withoutNul } from './device-protocol.js';

describe('device protocol rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ds, close } = await orderTestDatabase('device_protocol')));
  afterAll(() => close());

  const queue = (deviceId: number, jobKey: string, o: Partial<DeviceQueueEntity> = {}) =>
    ds.getRepository(DeviceQueueEntity).save({
      deviceId,
      jobKey,
      orderId: 7,
      kind: 'print',
      status: 'queued',
      documents: { 'text/plain': 'eA==' },
      token: `tok-${jobKey}-${deviceId}`,
      attempts: 0,
      lastError: null,
      handedOutAt: null,
      finishedAt: null,
      ...o,
    } as DeviceQueueEntity);

  it('the same 401 for an unknown identifier, a wrong key, a disabled device and a NUL in the identifier', async () => {
    const device = await addDevice(ds);
    const disabled = await addDevice(ds, { isEnabled: false });
    for (const creds of [
      { identifier: 'nobody', apiKey: device.apiKey },
      { identifier: device.identifier, apiKey: 'wrong' },
      { identifier: disabled.identifier, apiKey: disabled.apiKey },
      { identifier: `${device.identifier}\0`, apiKey: device.apiKey },
      { identifier: 42 as unknown as string, apiKey: device.apiKey },
    ]) {
      await expect(authenticateDevice(ds.manager, creds)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: t('devices.unauthenticated'),
      });
    }
    expect((await authenticateDevice(ds.manager, { identifier: device.identifier, apiKey: device.apiKey })).id).toBe(
      device.id,
    );
  });

  it('a poll marks the device seen and logs only a changed status', async () => {
    const device = await addDevice(ds);
    await markSeen(ds.manager, device, '200 OK');
    const seen = await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id });
    expect(seen.lastSeenAt).not.toBeNull();
    expect(seen.lastStatus).toBe('200 OK');
    await markSeen(ds.manager, seen, '200 OK');
    await markSeen(ds.manager, seen, null);
    const logs = await ds.getRepository(DeviceLogEntity).findBy({ deviceId: device.id });
    expect(logs.map((l) => l.message)).toEqual([t('orderMessages.deviceStatus', { status: '200 OK' })]);
  });

  it('the next job is the oldest queued print job; with a timeout also one handed out and never answered', async () => {
    const device = await addDevice(ds);
    await queue(device.id, 'n1', { kind: 'notification' });
    const stale = await queue(device.id, 'p1', { status: 'printing', handedOutAt: new Date(Date.now() - 120_000) });
    const queued = await queue(device.id, 'p2');
    await ds.transaction(async (m) => expect((await nextPrintJob(m, device.id))?.id).toBe(queued.id));
    await ds.transaction(async (m) => expect((await nextPrintJob(m, device.id, 60_000))?.id).toBe(stale.id));
    await ds.transaction(async (m) => expect((await nextPrintJob(m, device.id, 600_000))?.id).toBe(queued.id));
  });

  it('a failure re-queues until the last attempt, then fails once with order.print.failed in the outbox; finished jobs stay', async () => {
    const device = await addDevice(ds);
    const job = await queue(device.id, 'fail', { status: 'printing', handedOutAt: new Date() });
    const record = (success: boolean, reason: string) =>
      ds.transaction(async (m) =>
        recordPrintResult(m, {
          device,
          job: await m.findOneByOrFail(DeviceQueueEntity, { id: job.id }),
          success,
          reason,
          maxAttempts: 2,
          logger: silentLogger(),
        }),
      );
    expect(await record(false, '503')).toBe('queued');
    let row = await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: job.id });
    expect(row).toMatchObject({ attempts: 1, lastError: '503', handedOutAt: null, finishedAt: null });
    const failedEvents = () => ds.getRepository(OutboxEntity).findBy({ subject: 'order.print.failed' });
    expect(await failedEvents()).toHaveLength(0);
    expect(await record(false, '504')).toBe('failed');
    row = await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: job.id });
    expect(row).toMatchObject({ attempts: 2, lastError: '504', status: 'failed' });
    expect(row.finishedAt).not.toBeNull();
    expect((await failedEvents()).map((e) => e.payload)).toEqual([
      expect.objectContaining({
        entryId: job.id,
        deviceId: device.id,
        deviceName: device.name,
        orderId: 7,
        jobKey: 'fail',
        reason: '504',
        attempts: 2,
      }),
    ]);
    expect(await record(true, '200')).toBe('failed');
    expect(await failedEvents()).toHaveLength(1);
    const logs = await ds.getRepository(DeviceLogEntity).find({ where: { deviceId: device.id }, order: { id: 'ASC' } });
    expect(logs.map((l) => l.message)).toEqual([
      t('orderMessages.devicePrintFailed', { reason: '503', jobKey: 'fail' }),
      t('orderMessages.devicePrintFailed', { reason: '504', jobKey: 'fail' }),
    ]);
  });

  it('success is done and clears the last error', async () => {
    const device = await addDevice(ds);
    const { id } = await queue(device.id, 'ok', { lastError: 'earlier' });
    const job = await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id });
    const status = await ds.transaction((m) =>
      recordPrintResult(m, { device, job, success: true, reason: '200 OK', maxAttempts: 2, logger: silentLogger() }),
    );
    expect(status).toBe('done');
    expect(await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id })).toMatchObject({
      status: 'done',
      lastError: null,
      attempts: 0,
    });
  });

  it('drops NUL characters from what a printer sends, in keys and values', () => {
    expect(withoutNul({ 'a\0': ['x\0y', { b: 'c\0' }], n: 1 })).toEqual({ a: ['xy', { b: 'c' }], n: 1 });
  });
});
