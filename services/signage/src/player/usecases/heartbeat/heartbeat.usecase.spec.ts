import type { DataSource } from 'typeorm';
import { addTv, credentialsOf, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { Heartbeat } from './heartbeat.usecase.js';

describe('Heartbeat (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: Heartbeat;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('player_heartbeat'));
    usecase = new Heartbeat(ds);
  });
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
});
