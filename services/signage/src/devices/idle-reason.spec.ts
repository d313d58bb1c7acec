import type { DataSource } from 'typeorm';
import {
  addTv,
  countingRelay,
  credentialsOf,
  signageTestDatabase,
  testSignageConfig,
} from '../../test/signage-test-database.js';
import { Heartbeat } from '../player/usecases/heartbeat/heartbeat.usecase.js';
import { deviceDto } from './device.crud.js';
import { SignageDeviceEntity } from './device.entity.js';
import { idleReason } from './idle-reason.js';

describe('idleReason', () => {
  it('disabled wins; else what an online player reported; an offline TV none', () => {
    expect(idleReason({ isEnabled: false, idleReason: null }, 'online')).toBe('disabled');
    expect(idleReason({ isEnabled: false, idleReason: 'no-scene' }, 'offline')).toBe('disabled');
    expect(idleReason({ isEnabled: true, idleReason: 'outside-schedule' }, 'online')).toBe('outside-schedule');
    expect(idleReason({ isEnabled: true, idleReason: 'screen-off' }, 'offline')).toBeNull();
    expect(idleReason({ isEnabled: true, idleReason: null }, 'online')).toBeNull();
  });
});

describe('the idle reason of a TV (heartbeat to list, real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  const offlineAfter = testSignageConfig().SIGNAGE_OFFLINE_AFTER_MS;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('idle_reason'));
  });
  afterAll(() => close());

  const read = async (id: number) =>
    deviceDto(await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id }), offlineAfter);

  it('the player’s reason reaches the TV list, and clears when it plays again', async () => {
    const tv = await addTv(ds);
    const heartbeat = new Heartbeat(ds, countingRelay());
    expect((await read(tv.id)).idle).toBeNull();
    await heartbeat.execute(credentialsOf(tv), { isScreenOn: false, idle: 'outside-schedule' });
    expect(await read(tv.id)).toMatchObject({ status: 'online', isScreenOn: false, idle: 'outside-schedule' });
    await heartbeat.execute(credentialsOf(tv), { currentScene: 3, isScreenOn: true, idle: null });
    expect((await read(tv.id)).idle).toBeNull();
  });

  it('refuses an unknown reason (422)', async () => {
    const tv = await addTv(ds);
    await expect(new Heartbeat(ds, countingRelay()).execute(credentialsOf(tv), { idle: 'müde' })).rejects.toMatchObject(
      {
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'idle' })],
      },
    );
  });

  it('a disabled TV says so, whatever it reported last', async () => {
    const tv = await addTv(ds, { isEnabled: false, idleReason: 'no-scene', lastSeenAt: new Date() });
    expect((await read(tv.id)).idle).toBe('disabled');
  });
});
