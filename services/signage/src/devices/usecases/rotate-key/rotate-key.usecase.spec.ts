import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addTv,
  admin,
  countingRelay,
  credentialsOf,
  employee,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { Heartbeat } from '../../../player/usecases/heartbeat/heartbeat.usecase.js';
import { SignageDeviceEntity } from '../../device.entity.js';
import { RotateKey } from './rotate-key.usecase.js';

describe('RotateKey (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: RotateKey;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('rotate_key'));
    usecase = new RotateKey(ds, relay, testSignageConfig());
  });
  afterAll(() => close());

  it('gives the TV a new key, answered once; the old key is refused from now, the new one signs in', async () => {
    const tv = await addTv(ds);
    const old = credentialsOf(tv);
    const heartbeat = new Heartbeat(ds, countingRelay());
    await heartbeat.execute(old, {});

    const { device, key } = await usecase.execute(admin, tv.id);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(key).not.toBe(old.key);
    expect(device).toMatchObject({ id: tv.id, identifier: tv.identifier });
    expect(device).not.toHaveProperty('key');
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).key).toBe(key);

    await expect(heartbeat.execute(old, {})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(heartbeat.execute({ identifier: tv.identifier, key }, {})).resolves.toHaveProperty('at');
  });

  it('records signage.device.updated (the gateway ends the TV’s push streams) and kicks the relay', async () => {
    const tv = await addTv(ds);
    const kicks = relay.kicks;
    await usecase.execute(admin, tv.id);
    const events = await ds.getRepository(OutboxEntity).find({ where: { subject: 'signage.device.updated' } });
    expect(events.map((e) => (e.payload as { id: number }).id)).toContain(tv.id);
    expect(relay.kicks).toBe(kicks + 1);
  });

  it('only administrators (403 for staff, the key unchanged); an unknown TV is 404', async () => {
    const tv = await addTv(ds);
    await expect(usecase.execute(employee, tv.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(usecase.execute(null, tv.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).key).toBe(tv.key);
    await expect(usecase.execute(admin, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
