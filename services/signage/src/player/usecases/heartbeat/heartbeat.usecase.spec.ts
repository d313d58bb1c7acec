import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addTv, countingRelay, credentialsOf, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { Heartbeat } from './heartbeat.usecase.js';

describe('Heartbeat (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: Heartbeat;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('player_heartbeat'));
    usecase = new Heartbeat(ds, relay);
  });
  /** the TV's signage.device.updated events in the outbox */
  const updates = async (id: number) =>
    (await ds.getRepository(OutboxEntity).find({ where: { subject: 'signage.device.updated' } })).filter(
      (e) => (e.payload as { id: number }).id === id,
    ).length;
  afterAll(() => close());

  it('records when the TV was seen, the scene it shows and whether its screen is on', async () => {
    const tv = await addTv(ds);
    const { at } = await usecase.execute(credentialsOf(tv), { currentScene: 12, isScreenOn: false });
    expect(await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).toMatchObject({
      lastSeenAt: new Date(at),
      currentSceneId: 12,
      isScreenOn: false,
    });
    await usecase.execute(credentialsOf(tv), {});
    expect(await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).toMatchObject({
      currentSceneId: null,
      isScreenOn: null,
    });
  });

  it('refuses a malformed beat (422) and a wrong key (401) without recording anything', async () => {
    const tv = await addTv(ds);
    await expect(usecase.execute(credentialsOf(tv), { isScreenOn: 'ja' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(usecase.execute({ identifier: tv.identifier, key: 'x'.repeat(32) }, {})).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).lastSeenAt).toBeNull();
  });

  it('records signage.device.updated when the idle reason changes (the TV list updates live), not on every beat', async () => {
    const tv = await addTv(ds);
    const creds = credentialsOf(tv);
    const kicks = relay.kicks;
    await usecase.execute(creds, { currentScene: 3, isScreenOn: true });
    await usecase.execute(creds, { currentScene: 3, isScreenOn: true });
    expect(await updates(tv.id)).toBe(0);
    expect(relay.kicks).toBe(kicks);

    await usecase.execute(creds, { isScreenOn: false, idle: 'outside-schedule' });
    expect(await updates(tv.id)).toBe(1);
    expect(relay.kicks).toBe(kicks + 1);
    await usecase.execute(creds, { isScreenOn: false, idle: 'outside-schedule' });
    expect(await updates(tv.id)).toBe(1);

    await usecase.execute(creds, { isScreenOn: false, idle: 'screen-off' });
    await usecase.execute(creds, { currentScene: 3, isScreenOn: true });
    expect(await updates(tv.id)).toBe(3);
    expect(relay.kicks).toBe(kicks + 3);
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).idleReason).toBeNull();
  });

  it('of beats racing with the same new idle reason, only one records the change', async () => {
    const tv = await addTv(ds);
    await Promise.all(
      Array.from({ length: 5 }, () => usecase.execute(credentialsOf(tv), { isScreenOn: false, idle: 'no-scene' })),
    );
    expect(await updates(tv.id)).toBe(1);
  });
});
