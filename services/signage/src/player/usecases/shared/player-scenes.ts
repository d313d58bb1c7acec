import { videoOriginOf, type PlayerScene, type PlayerSegment, type SignageCommand } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { In, type EntityManager } from 'typeorm';
import type { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { SceneEntity } from '../../../scenes/scene.entity.js';
import { SegmentEntity } from '../../../segments/segment.entity.js';
import { StreamEntity } from '../../../streams/stream.entity.js';

/**
 * What the player use cases share, written once: scenes with their streams and segments resolved as a player plays
 * them, and the origins those segments need in the player page's CSP.
 */

/** the time zone of a TV's schedule and menu board when the catalogue cannot name its branch's */
export const DEFAULT_TIME_ZONE = 'Europe/Vienna';

export const segmentView = (s: SegmentEntity): PlayerSegment => ({
  id: s.id,
  type: s.type,
  name: s.name,
  url: s.type === 'image' && s.image ? imageUrl(s.image) : s.url,
  text: s.text,
  durationSeconds: s.durationSeconds,
  daypart: s.daypart,
  transition: s.transition,
});

/** the origins the web segments of these scenes may be framed from, each once, sorted (a stable CSP) */
export const frameOriginsOf = (scenes: Iterable<PlayerScene>, segments: Map<number, SegmentEntity>): string[] =>
  [
    ...new Set(
      [...scenes].flatMap((scene) =>
        scene.regions.flatMap((r) => r.segments.flatMap((s) => segments.get(s.id)?.frameOrigins ?? [])),
      ),
    ),
  ].sort();

/** the origins of other hosts the videos of these segments play from, each once, sorted (a stable CSP) */
export const mediaOriginsOf = (segments: Iterable<PlayerSegment>): string[] =>
  [
    ...new Set(
      [...segments].flatMap((s) => {
        const origin = s.type === 'video' ? videoOriginOf(s.url) : null;
        return origin ? [origin] : [];
      }),
    ),
  ].sort();

export const segmentsOf = (scenes: Iterable<PlayerScene>): PlayerSegment[] =>
  [...scenes].flatMap((scene) => scene.regions.flatMap((r) => r.segments));

/** a TV's scenes: its own and that of an open show-scene command */
export const sceneIdsOf = (device: SignageDeviceEntity, command: SignageCommand | null): number[] =>
  [device.sceneId, command?.type === 'show-scene' ? command.scene : null].filter((id): id is number => id !== null);

/** The segments by id (a missing one is left out). */
export async function segmentsById(m: EntityManager, ids: number[]): Promise<Map<number, SegmentEntity>> {
  const unique = [...new Set(ids)];
  const found = unique.length ? await m.getRepository(SegmentEntity).findBy({ id: In(unique) }) : [];
  return new Map(found.map((s) => [s.id, s]));
}

/** Scenes with their streams and segments resolved, in stream order (a missing segment is left out). */
export async function resolveScenes(
  m: EntityManager,
  ids: number[],
): Promise<{ scenes: Map<number, PlayerScene>; segments: Map<number, SegmentEntity> }> {
  const out = new Map<number, PlayerScene>();
  if (!ids.length) return { scenes: out, segments: new Map() };
  const scenes = await m.getRepository(SceneEntity).findBy({ id: In(ids) });
  const streamIds = [...new Set(scenes.flatMap((s) => s.regions.map((r) => r.stream)))];
  const streams = streamIds.length ? await m.getRepository(StreamEntity).findBy({ id: In(streamIds) }) : [];
  const entities = await segmentsById(
    m,
    streams.flatMap((s) => s.segments),
  );
  const segments = new Map([...entities].map(([id, s]) => [id, segmentView(s)]));
  const streamById = new Map(streams.map((s) => [s.id, s]));
  for (const scene of scenes)
    out.set(scene.id, {
      id: scene.id,
      path: scene.path,
      name: scene.name,
      background: scene.background,
      regions: scene.regions.map((r) => ({
        ...r,
        segments: (streamById.get(r.stream)?.segments ?? []).flatMap((id) => segments.get(id) ?? []),
      })),
    });
  return { scenes: out, segments: entities };
}
