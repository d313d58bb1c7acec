import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type MenuBoard,
  type OrderContext,
  type PickupBoard,
  type PlayerCredentials,
  type PlayerSchedule,
  type PlayerScene,
  type PlayerSegment,
  type StreamPreview,
} from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { DomainException, requireAccess, ServiceBus } from '@shop/server';
import { createHash } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { CommandService } from '../commands/command.service.js';
import { SceneEntity } from '../scenes/scene.entity.js';
import { SegmentEntity } from '../segments/segment.entity.js';
import { StreamEntity } from '../streams/stream.entity.js';

const DEFAULT_TIME_ZONE = 'Europe/Vienna';

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

  /** The branch's catalogue context, or null when the catalogue cannot answer (the player keeps what it has). */
  private async catalogue(branchId: number): Promise<OrderContext | null> {
    return this.bus.requestAsService('catalogue.order.context', { branchId }).catch(() => null);
  }

  async schedule(creds: PlayerCredentials): Promise<PlayerSchedule> {
    const device = await this.commands.authenticate(creds);
    const command = await this.commands.openCommand(device.id);
    const sceneIds = [device.sceneId, command?.type === 'show-scene' ? command.scene : null].filter(
      (id): id is number => id !== null,
    );
    const scenes = await this.scenes(sceneIds);
    const context = device.powerSchedule ? null : await this.catalogue(device.branchId);
    const scene = (device.sceneId !== null && scenes.get(device.sceneId)) || null;
    const body = {
      scene,
      powerSchedule: device.powerSchedule ?? context?.branch.openingHours ?? null,
      timeZone: context?.branch.timezone ?? DEFAULT_TIME_ZONE,
      extraScenes: [...scenes.values()].filter((s) => s.id !== device.sceneId),
    };
    return {
      device: { id: device.id, identifier: device.identifier, name: device.name, branch: device.branchId },
      version: createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22),
      command,
      ...body,
    };
  }

  /** The segments as the player plays them, by id (a missing one is left out). */
  private async segmentViews(ids: number[]): Promise<Map<number, PlayerSegment>> {
    const unique = [...new Set(ids)];
    const found = unique.length ? await this.ds.getRepository(SegmentEntity).findBy({ id: In(unique) }) : [];
    return new Map(found.map((s) => [s.id, segmentView(s)]));
  }

  /** Staff: a stream's segments as a player would play them, for the back office's preview. */
  async streamPreview(actor: Actor | null, id: number): Promise<StreamPreview> {
    requireAccess(actor, 'staff');
    const stream = await this.ds.getRepository(StreamEntity).findOneBy({ id });
    if (!stream) throw DomainException.notFound('Stream');
    const segments = await this.segmentViews(stream.segments);
    return { id: stream.id, name: stream.name, segments: stream.segments.flatMap((s) => segments.get(s) ?? []) };
  }

  /** Scenes with their streams and segments resolved, in stream order (a missing segment is left out). */
  private async scenes(ids: number[]): Promise<Map<number, PlayerScene>> {
    const out = new Map<number, PlayerScene>();
    if (!ids.length) return out;
    const scenes = await this.ds.getRepository(SceneEntity).findBy({ id: In(ids) });
    const streamIds = [...new Set(scenes.flatMap((s) => s.regions.map((r) => r.stream)))];
    const streams = streamIds.length ? await this.ds.getRepository(StreamEntity).findBy({ id: In(streamIds) }) : [];
    const segments = await this.segmentViews(streams.flatMap((s) => s.segments));
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
    return out;
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
