import { SchedulerRegistry } from '@nestjs/schedule';
import { createLogger, PeriodicTasks } from '@shop/server';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addTv,
  commandEvents,
  countingRelay,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { ExpireCommands } from './expire-commands.usecase.js';

describe('ExpireCommands (real Postgres, the periodic sweep with its Redis lease)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  const prefixes = uniquePrefixes('expire');
  const config = testSignageConfig({
    REDIS_URL,
    REDIS_PREFIX: prefixes.redis,
    SIGNAGE_EXPIRY_INTERVAL_MS: '200',
  });
  const registry = new SchedulerRegistry();
  const tasks = new PeriodicTasks(registry, createLogger('signage', 'silent'), config);
  const relay = countingRelay();
  let usecase: ExpireCommands;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('expire_commands'));
    usecase = new ExpireCommands(ds, relay, config, tasks);
  });
  afterAll(async () => {
    // as the service's shutdown: @nestjs/schedule clears the intervals, then the tasks let their runs finish
    for (const name of registry.getIntervals()) registry.deleteInterval(name);
    await tasks.beforeApplicationShutdown();
    await tasks.onApplicationShutdown();
    await close();
    await cleanupPrefixes(prefixes);
  });

  const state = async (id: number) => (await ds.getRepository(CommandEntity).findOneByOrFail({ id })).state;

  it('expires open commands past their time-to-live, with the TV’s copy and the event; others stay', async () => {
    const tv = await addTv(ds);
    const now = new Date();
    const stale = await addCommand(ds, tv.id, { state: 'acknowledged', expiresAt: new Date(now.getTime() - 1000) });
    const done = await addCommand(ds, tv.id, { state: 'done', expiresAt: new Date(now.getTime() - 1000) });
    const fresh = await addCommand(ds, tv.id, { expiresAt: new Date(now.getTime() + 60_000) });
    expect(await usecase.execute(now)).toBe(1);
    expect([await state(stale.id), await state(done.id), await state(fresh.id)]).toEqual([
      'expired',
      'done',
      'pending',
    ]);
    expect((await ds.getRepository(CommandEntity).findOneByOrFail({ id: stale.id })).finishedAt).toEqual(now);
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).command).toMatchObject({
      id: stale.id,
      state: 'expired',
    });
    expect((await commandEvents(ds)).map((e) => [e.command.id, e.command.state])).toEqual([[stale.id, 'expired']]);
    expect(await usecase.execute(now)).toBe(0);
  });

  it('runs every SIGNAGE_EXPIRY_INTERVAL_MS once the service has started', async () => {
    const tv = await addTv(ds);
    const stale = await addCommand(ds, tv.id, { expiresAt: new Date(Date.now() - 1000) });
    usecase.onApplicationBootstrap();
    await waitFor(async () => (await state(stale.id)) === 'expired', 20_000);
  });
});
