import type { DataSource } from 'typeorm';
import { addScene, addSegment, addStream, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { mediaOriginsOf, resolveScenes, segmentView } from './player-scenes.js';

describe('scenes as a player plays them (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ds, close } = await signageTestDatabase('player_scenes')));
  afterAll(() => close());

  it('resolves each region to its stream’s segments in order; a missing stream or segment plays nothing', async () => {
    const [a, b] = [await addSegment(ds, { name: 'A' }), await addSegment(ds, { name: 'B' })];
    const stream = await addStream(ds, [b.id, 999_999, a.id]);
    const scene = await addScene(ds, [stream.id, 888_888]);
    const { scenes, segments } = await resolveScenes(ds.manager, [scene.id, 777_777]);
    expect([...scenes.keys()]).toEqual([scene.id]);
    expect(scenes.get(scene.id)!.regions.map((r) => r.segments.map((s) => s.name))).toEqual([['B', 'A'], []]);
    expect([...segments.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(await resolveScenes(ds.manager, [])).toEqual({ scenes: new Map(), segments: new Map() });
  });

  it("names other hosts' videos once each, sorted; a video of this origin needs none", async () => {
    const videos = await Promise.all(
      [
        'https://b.example.at/1.mp4',
        '/upload/abc/2-1.mp4',
        'https://a.example.at/3.mp4',
        'https://b.example.at/4.mp4',
      ].map((url) => addSegment(ds, { type: 'video', text: null, url })),
    );
    expect(mediaOriginsOf(videos.map(segmentView))).toEqual(['https://a.example.at', 'https://b.example.at']);
  });
});
