import { SchedulerRegistry } from '@nestjs/schedule';
import type { OpeningHoursRule } from '@shop/contracts';
import { createLogger, PeriodicTasks } from '@shop/server';
import type { DataSource } from 'typeorm';
import { branchContext, busStandIn } from '../../../../test/bus-stand-in.js';
import {
  addCommand,
  addScene,
  addSegment,
  addStream,
  addTv,
  countingRelay,
  credentialsOf,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { ExpireCommands } from '../../../commands/usecases/expire-commands/expire-commands.usecase.js';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import { Schedule } from './schedule.usecase.js';

const weekdays: OpeningHoursRule[] = [{ type: 'daily', date: null, from: '08:00', to: '18:00', isClosed: false }];
const own: OpeningHoursRule[] = [{ type: 'monday', date: null, from: '06:00', to: '22:00', isClosed: false }];

describe('Schedule (real Postgres, the catalogue over real NATS)', () => {
  let ds: DataSource;
  let closeDb: () => Promise<void>;
  let standIn: Awaited<ReturnType<typeof busStandIn>>;
  let usecase: Schedule;
  beforeAll(async () => {
    ({ ds, close: closeDb } = await signageTestDatabase('player_schedule'));
    standIn = await busStandIn();
    const config = testSignageConfig();
    const tasks = new PeriodicTasks(new SchedulerRegistry(), createLogger('signage', 'silent'), config);
    const openCommand = new OpenCommand(ds, new ExpireCommands(ds, countingRelay(), config, tasks));
    usecase = new Schedule(ds, openCommand, standIn.bus);
  });
  afterAll(async () => {
    await standIn.close();
    await closeDb();
  });

  it("resolves the TV's scene and an open show-scene command's, with their CSP origins and the open command", async () => {
    const web = await addSegment(ds, {
      type: 'web',
      text: null,
      url: 'https://karte.example.at/heute',
      frameOrigins: ['https://karte.example.at'],
    });
    const video = await addSegment(ds, { type: 'video', text: null, url: 'https://cdn.example.at/film.mp4' });
    const text = await addSegment(ds);
    const scene = await addScene(ds, [(await addStream(ds, [web.id, text.id])).id]);
    const extra = await addScene(ds, [(await addStream(ds, [video.id])).id]);
    const tv = await addTv(ds, { sceneId: scene.id, powerSchedule: own });
    const show = await addCommand(ds, tv.id, { type: 'show-scene', sceneId: extra.id });
    const schedule = await usecase.execute(credentialsOf(tv));
    expect(schedule.device).toEqual({ id: tv.id, identifier: tv.identifier, name: tv.name, branch: 1 });
    expect(schedule.scene?.regions[0]!.segments.map((s) => s.id)).toEqual([web.id, text.id]);
    expect(schedule.extraScenes.map((s) => s.id)).toEqual([extra.id]);
    expect(schedule.command).toMatchObject({ id: show.id, type: 'show-scene', scene: extra.id });
    expect(schedule.frameOrigins).toEqual(['https://karte.example.at']);
    expect(schedule.mediaOrigins).toEqual(['https://cdn.example.at']);
    // its own power schedule: the catalogue is not asked
    expect(schedule.powerSchedule).toEqual(own);
    expect(standIn.answers.asked).toEqual([]);
  });

  it('a TV without its own power schedule gets its branch’s hours, and keeps the last ones while the catalogue is away', async () => {
    standIn.answers.contexts.set(4, branchContext(4, { openingHours: weekdays, timezone: 'Europe/Zurich' }));
    const tv = await addTv(ds, { branchId: 4 });
    const first = await usecase.execute(credentialsOf(tv));
    expect(first).toMatchObject({ powerSchedule: weekdays, timeZone: 'Europe/Zurich', scene: null, command: null });
    standIn.answers.catalogueDown = true;
    const away = await usecase.execute(credentialsOf(tv));
    expect(away).toMatchObject({ powerSchedule: weekdays, timeZone: 'Europe/Zurich' });
    expect(away.version).toBe(first.version);
    // a branch the catalogue never answered for: always on, in the default time zone
    const unknown = await addTv(ds, { branchId: 5 });
    expect(await usecase.execute(credentialsOf(unknown))).toMatchObject({
      powerSchedule: null,
      timeZone: 'Europe/Vienna',
    });
    standIn.answers.catalogueDown = false;
  });

  it('the version changes with what the TV plays; a wrong key is 401', async () => {
    const tv = await addTv(ds, { powerSchedule: own });
    const before = (await usecase.execute(credentialsOf(tv))).version;
    await addCommand(ds, tv.id, { type: 'show-scene', sceneId: (await addScene(ds, [])).id });
    expect((await usecase.execute(credentialsOf(tv))).version).not.toBe(before);
    await expect(usecase.execute({ identifier: tv.identifier, key: 'y'.repeat(32) })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
