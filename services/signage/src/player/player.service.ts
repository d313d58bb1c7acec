import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type OpeningHoursRule,
  type MenuBoard,
  type OrderContext,
  type PickupBoard,
  type PlayerCredentials,
  type PlayerSchedule,
  type PlayerScene,
  type PlayerSegment,
  type SignageCommand,
  type StreamPreview,
  videoOriginOf,
} from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { DomainException, requireAccess, ServiceBus } from '@shop/server';
import { createHash } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { CommandService } from '../commands/command.service.js';
import { SignageDeviceEntity } from '../devices/device.entity.js';
import { SceneEntity } from '../scenes/scene.entity.js';
import { SegmentEntity } from '../segments/segment.entity.js';
import { StreamEntity } from '../streams/stream.entity.js';

const DEFAULT_TIME_ZONE = 'Europe/Vienna';

/** the origins the web segments of these scenes may be framed from, each once, sorted (a stable CSP) */
const frameOriginsOf = (scenes: Iterable<PlayerScene>, segments: Map<number, SegmentEntity>): string[] =>
  [
    ...new Set(
      [...scenes].flatMap((scene) =>
        scene.regions.flatMap((r) => r.segments.flatMap((s) => segments.get(s.id)?.frameOrigins ?? [])),
      ),
    ),
  ].sort();

/** the origins of other hosts the videos of these segments play from, each once, sorted (a stable CSP) */
const mediaOriginsOf = (segments: Iterable<PlayerSegment>): string[] =>
  [
    ...new Set(
      [...segments].flatMap((s) => {
        const origin = s.type === 'video' ? videoOriginOf(s.url) : null;
        return origin ? [origin] : [];
      }),
    ),
  ].sort();
const segmentsOf = (scenes: Iterable<PlayerScene>): PlayerSegment[] =>
  [...scenes].flatMap((scene) => scene.regions.flatMap((r) => r.segments));

/** what the player needs of a branch for its power schedule */
interface BranchHours {
  openingHours: OpeningHoursRule[];
  timeZone: string;
}

const segmentView = (s: SegmentEntity): PlayerSegment => ({
  id: s.id,
  type: s.type,
  name: s.name,
  url: s.type === 'image' && s.image ? imageUrl(s.image) : s.url,
  text: s.text,
  durationSeconds: s.durationSeconds,
  daypart: s.daypart,
  transition: s.transition,
});

/**
 * What a player reads (identifier + key, checked on every call): its schedule (scene with regions, streams and
 * segments resolved, power schedule, open command) and the live boards of its branch.
 */
@Injectable()
export class PlayerService {
  constructor(
    private readonly ds: DataSource,
    private readonly commands: CommandService,
    private readonly bus: ServiceBus,
  ) {}

  /** the hours each branch had when the catalogue last answered (per process: a restart forgets them) */
  private readonly knownHours = new Map<number, BranchHours>();

  /** The branch's catalogue context, or null when the catalogue cannot answer (the player keeps what it has). */
  private async catalogue(branchId: number): Promise<OrderContext | null> {
    return this.bus.requestAsService('catalogue.order.context', { branchId }).catch(() => null);
  }

  /**
   * The branch's opening hours and time zone for a TV without its own power schedule. When the catalogue does not
   * answer, the hours it answered last: a TV must not switch on for good (null is "always on" to the player) because
   * the catalogue is briefly away. Null only when it has not answered for this branch since this process started.
   */
  private async branchHours(branchId: number): Promise<BranchHours | null> {
    const context = await this.catalogue(branchId);
    if (!context) return this.knownHours.get(branchId) ?? null;
    const hours = { openingHours: context.branch.openingHours, timeZone: context.branch.timezone };
    this.knownHours.set(branchId, hours);
    return hours;
  }

  async schedule(creds: PlayerCredentials): Promise<PlayerSchedule> {
    const device = await this.commands.authenticate(creds);
    const command = await this.commands.openCommand(device.id);
    const { segments, scenes } = await this.scenes(this.sceneIds(device, command));
    const hours = device.powerSchedule ? null : await this.branchHours(device.branchId);
    const scene = (device.sceneId !== null && scenes.get(device.sceneId)) || null;
    const body = {
      scene,
      powerSchedule: device.powerSchedule ?? hours?.openingHours ?? null,
      timeZone: hours?.timeZone ?? DEFAULT_TIME_ZONE,
      extraScenes: [...scenes.values()].filter((s) => s.id !== device.sceneId),
      frameOrigins: frameOriginsOf(scenes.values(), segments),
      mediaOrigins: mediaOriginsOf(segmentsOf(scenes.values())),
    };
    return {
      device: { id: device.id, identifier: device.identifier, name: device.name, branch: device.branchId },
      version: createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22),
      command,
      ...body,
    };
  }

  /** The segments by id (a missing one is left out). */
  private async segments(ids: number[]): Promise<Map<number, SegmentEntity>> {
    const unique = [...new Set(ids)];
    const found = unique.length ? await this.ds.getRepository(SegmentEntity).findBy({ id: In(unique) }) : [];
    return new Map(found.map((s) => [s.id, s]));
  }

  /**
   * Anyone (the gateway, for the player's page and its CSP): the origins the web segments of a TV's scenes (by its
   * identifier: its scene and that of an open show-scene command) or of a stream may be framed from, and the other
   * hosts their videos play from. An unknown TV or stream has none. Not secret: which sites the screens show, never
   * a key or the pages' URLs.
   */
  async frameOrigins(
    device: string | null,
    stream: number | null,
  ): Promise<{ origins: string[]; mediaOrigins: string[] }> {
    if (stream !== null) {
      const found = Number.isSafeInteger(stream)
        ? await this.ds.getRepository(StreamEntity).findOneBy({ id: stream })
        : null;
      const segments = [...(await this.segments(found?.segments ?? [])).values()];
      return {
        origins: [...new Set(segments.flatMap((s) => s.frameOrigins))].sort(),
        mediaOrigins: mediaOriginsOf(segments.map(segmentView)),
      };
    }
    const tv =
      typeof device === 'string' && device && !device.includes('\0')
        ? await this.ds.getRepository(SignageDeviceEntity).findOneBy({ identifier: device, isEnabled: true })
        : null;
    if (!tv) return { origins: [], mediaOrigins: [] };
    const command = await this.commands.openCommand(tv.id);
    const { segments, scenes } = await this.scenes(this.sceneIds(tv, command));
    return {
      origins: frameOriginsOf(scenes.values(), segments),
      mediaOrigins: mediaOriginsOf(segmentsOf(scenes.values())),
    };
  }

  private sceneIds(device: SignageDeviceEntity, command: SignageCommand | null): number[] {
    return [device.sceneId, command?.type === 'show-scene' ? command.scene : null].filter(
      (id): id is number => id !== null,
    );
  }

  /** Staff: a stream's segments as a player would play them, for the back office's preview. */
  async streamPreview(actor: Actor | null, id: number): Promise<StreamPreview> {
    requireAccess(actor, 'staff');
    const stream = await this.ds.getRepository(StreamEntity).findOneBy({ id });
    if (!stream) throw DomainException.notFound('Stream');
    const segments = await this.segments(stream.segments);
    return {
      id: stream.id,
      name: stream.name,
      segments: stream.segments.flatMap((id) => {
        const segment = segments.get(id);
        return segment ? [segmentView(segment)] : [];
      }),
    };
  }

  /** Scenes with their streams and segments resolved, in stream order (a missing segment is left out). */
  private async scenes(
    ids: number[],
  ): Promise<{ scenes: Map<number, PlayerScene>; segments: Map<number, SegmentEntity> }> {
    const out = new Map<number, PlayerScene>();
    if (!ids.length) return { scenes: out, segments: new Map() };
    const scenes = await this.ds.getRepository(SceneEntity).findBy({ id: In(ids) });
    const streamIds = [...new Set(scenes.flatMap((s) => s.regions.map((r) => r.stream)))];
    const streams = streamIds.length ? await this.ds.getRepository(StreamEntity).findBy({ id: In(streamIds) }) : [];
    const entities = await this.segments(streams.flatMap((s) => s.segments));
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

  async pickupBoard(creds: PlayerCredentials): Promise<PickupBoard> {
    const device = await this.commands.authenticate(creds);
    return this.bus.requestAsService('order.order.pickup-board', { branchId: device.branchId });
  }

  async menuBoard(creds: PlayerCredentials): Promise<MenuBoard> {
    const device = await this.commands.authenticate(creds);
    const context = await this.bus.requestAsService('catalogue.order.context', { branchId: device.branchId });
    return {
      branch: device.branchId,
      timeZone: context?.branch.timezone ?? DEFAULT_TIME_ZONE,
      menus: context?.menus ?? [],
      categories: context?.categories ?? [],
      products: context?.products ?? [],
    };
  }
}
