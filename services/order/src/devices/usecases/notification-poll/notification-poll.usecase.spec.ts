import { MEDIA_TYPES } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { addDevice, credentialsOf, orderTestDatabase } from '../../../../test/order-test-database.js';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import { NotificationPoll } from './notification-poll.usecase.js';

describe('NotificationPoll (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: NotificationPoll;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('notification_poll'));
    usecase = new NotificationPoll(ds);
  });
  afterAll(() => close());

  const add = (deviceId: number, jobKey: string, kind: 'print' | 'notification', text: string) =>
    ds.getRepository(DeviceQueueEntity).save({
      deviceId,
      jobKey,
      orderId: null,
      kind,
      status: 'queued',
      documents: { [MEDIA_TYPES.text]: Buffer.from(text).toString('base64') },
      token: `tok-${deviceId}-${jobKey}`,
      attempts: 0,
      lastError: null,
      handedOutAt: null,
      finishedAt: null,
    } as DeviceQueueEntity);

  it('hands out the queued notifications oldest first, once; print entries stay; the device is seen', async () => {
    const device = await addDevice(ds, { type: 'notification', protocol: null });
    const a = await add(device.id, 'a', 'notification', 'Neue Bestellung: Ticket 1');
    const b = await add(device.id, 'b', 'notification', 'Neue Bestellung: Ticket 2');
    const print = await add(device.id, 'p', 'print', 'receipt');
    const fetched = await usecase.execute(credentialsOf(device));
    expect(fetched.map((n) => [n.id, n.text])).toEqual([
      [a.id, 'Neue Bestellung: Ticket 1'],
      [b.id, 'Neue Bestellung: Ticket 2'],
    ]);
    expect(await usecase.execute(credentialsOf(device))).toEqual([]);
    const rows = await ds
      .getRepository(DeviceQueueEntity)
      .find({ where: { deviceId: device.id }, order: { id: 'ASC' } });
    expect(rows.map((r) => [r.id, r.status, r.finishedAt !== null])).toEqual([
      [a.id, 'done', true],
      [b.id, 'done', true],
      [print.id, 'queued', false],
    ]);
    expect((await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).lastSeenAt).not.toBeNull();
  });

  it('at most 50 per poll', async () => {
    const device = await addDevice(ds, { type: 'notification', protocol: null });
    for (let i = 0; i < 52; i++) await add(device.id, `n${i}`, 'notification', `Nachricht ${i}`);
    expect(await usecase.execute(credentialsOf(device))).toHaveLength(50);
    expect((await usecase.execute(credentialsOf(device))).map((n) => n.text)).toEqual(['Nachricht 50', 'Nachricht 51']);
  });

  it('a wrong key is 401 and changes nothing', async () => {
    const device = await addDevice(ds, { type: 'notification', protocol: null });
    await add(device.id, 'x', 'notification', 'x');
    await expect(usecase.execute({ identifier: device.identifier, apiKey: 'wrong' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ deviceId: device.id })).status).toBe('queued');
  });
});
