import { SchedulerRegistry } from '@nestjs/schedule';
import { createLogger, PeriodicTasks } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addTv,
  countingRelay,
  credentialsOf,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { ExpireCommands } from '../../../commands/usecases/expire-commands/expire-commands.usecase.js';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { Connect } from './connect.usecase.js';

describe('Connect (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: Connect;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('player_connect'));
    const config = testSignageConfig();
    const tasks = new PeriodicTasks(new SchedulerRegistry(), createLogger('signage', 'silent'), config);
    usecase = new Connect(ds, new OpenCommand(ds, new ExpireCommands(ds, countingRelay(), config, tasks)));
  });
  afterAll(() => close());

  it('marks the TV seen and hands over the command sent while it was offline', async () => {
    const tv = await addTv(ds, { branchId: 3 });
    const waiting = await addCommand(ds, tv.id, { type: 'reload' });
    const before = Date.now();
    expect(await usecase.execute(credentialsOf(tv))).toEqual({
      device: tv.id,
      branch: 3,
      command: expect.objectContaining({ id: waiting.id, state: 'pending' }),
    });
    const seen = await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id });
    expect(seen.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('no open command: null; a wrong key: 401 and the TV is not marked seen', async () => {
    const tv = await addTv(ds);
    expect((await usecase.execute(credentialsOf(tv))).command).toBeNull();
    const other = await addTv(ds);
    await expect(usecase.execute({ identifier: other.identifier, key: tv.key })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: other.id })).lastSeenAt).toBeNull();
  });
});
