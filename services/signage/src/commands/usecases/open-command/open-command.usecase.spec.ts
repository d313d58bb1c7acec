import { SchedulerRegistry } from '@nestjs/schedule';
import { createLogger, PeriodicTasks } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addTv,
  countingRelay,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { ExpireCommands } from '../expire-commands/expire-commands.usecase.js';
import { OpenCommand } from './open-command.usecase.js';

describe('OpenCommand (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: OpenCommand;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('open_command'));
    const config = testSignageConfig();
    // the sweep is not started here (no onApplicationBootstrap): only the expiry before the answer is under test
    const tasks = new PeriodicTasks(new SchedulerRegistry(), createLogger('signage', 'silent'), config);
    usecase = new OpenCommand(ds, new ExpireCommands(ds, countingRelay(), config, tasks));
  });
  afterAll(() => close());

  it("answers the TV's latest open command, never one past its time-to-live, and null when none is open", async () => {
    const tv = await addTv(ds);
    expect(await usecase.execute(tv.id)).toBeNull();
    await addCommand(ds, tv.id, { state: 'done' });
    const open = await addCommand(ds, tv.id, { state: 'acknowledged', type: 'screen-off' });
    expect(await usecase.execute(tv.id)).toMatchObject({ id: open.id, type: 'screen-off', state: 'acknowledged' });
    const other = await addTv(ds);
    await addCommand(ds, other.id, { expiresAt: new Date(Date.now() - 1000) });
    expect(await usecase.execute(other.id)).toBeNull();
  });
});
