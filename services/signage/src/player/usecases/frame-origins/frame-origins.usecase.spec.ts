import { SchedulerRegistry } from '@nestjs/schedule';
import { createLogger, PeriodicTasks } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addScene,
  addSegment,
  addStream,
  addTv,
  countingRelay,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { ExpireCommands } from '../../../commands/usecases/expire-commands/expire-commands.usecase.js';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import { FrameOrigins } from './frame-origins.usecase.js';

describe('FrameOrigins (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: FrameOrigins;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('frame_origins'));
    const config = testSignageConfig();
    const tasks = new PeriodicTasks(new SchedulerRegistry(), createLogger('signage', 'silent'), config);
    usecase = new FrameOrigins(ds, new OpenCommand(ds, new ExpireCommands(ds, countingRelay(), config, tasks)));
  });
  afterAll(() => close());

  const web = (origin: string) =>
    addSegment(ds, { type: 'web', text: null, url: `${origin}/seite`, frameOrigins: [origin] });

  it("a TV's: the web segments' origins and other hosts' videos of its scene and an open show-scene command's", async () => {
    const [a, b] = [await web('https://b.example.at'), await web('https://a.example.at')];
    const video = await addSegment(ds, { type: 'video', text: null, url: 'https://video.example.at/x.mp4' });
    const scene = await addScene(ds, [(await addStream(ds, [a.id, video.id])).id]);
    const shown = await addScene(ds, [(await addStream(ds, [b.id, a.id])).id]);
    const tv = await addTv(ds, { sceneId: scene.id });
    expect(await usecase.execute(tv.identifier, null)).toEqual({
      origins: ['https://b.example.at'],
      mediaOrigins: ['https://video.example.at'],
    });
    await addCommand(ds, tv.id, { type: 'show-scene', sceneId: shown.id });
    expect((await usecase.execute(tv.identifier, null)).origins).toEqual([
      'https://a.example.at',
      'https://b.example.at',
    ]);
  });

  it("a stream's: its segments' origins, each once and sorted", async () => {
    const [a, b] = [await web('https://z.example.at'), await web('https://m.example.at')];
    const stream = await addStream(ds, [a.id, b.id, a.id]);
    expect(await usecase.execute(null, stream.id)).toEqual({
      origins: ['https://m.example.at', 'https://z.example.at'],
      mediaOrigins: [],
    });
  });

  it('none for an unknown or disabled TV, a NUL in the identifier or an unknown stream', async () => {
    const segment = await web('https://x.example.at');
    const scene = await addScene(ds, [(await addStream(ds, [segment.id])).id]);
    const disabled = await addTv(ds, { sceneId: scene.id, isEnabled: false });
    const none = { origins: [], mediaOrigins: [] };
    for (const [device, stream] of [
      ['unbekannt', null],
      [disabled.identifier, null],
      [`${disabled.identifier}\0`, null],
      [null, 999_999],
      [null, Number.MAX_VALUE],
    ] as const)
      expect(await usecase.execute(device, stream)).toEqual(none);
  });
});
