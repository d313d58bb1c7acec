import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { StreamEntity } from '../../../streams/stream.entity.js';
import {
  frameOriginsOf,
  mediaOriginsOf,
  resolveScenes,
  sceneIdsOf,
  segmentsById,
  segmentsOf,
  segmentView,
} from '../shared/player-scenes.js';

type Origins = { origins: string[]; mediaOrigins: string[] };
const NONE: Origins = { origins: [], mediaOrigins: [] };

/**
 * Anyone (the gateway, for the player's page and its CSP): the origins the web segments of a TV's scenes (by its
 * identifier: its scene and that of an open show-scene command) or of a stream may be framed from, and the other
 * hosts their videos play from. An unknown TV or stream has none. Not secret: which sites the screens show, never
 * a key or the pages' URLs.
 */
@Injectable()
export class FrameOrigins {
  constructor(
    private readonly ds: DataSource,
    private readonly openCommand: OpenCommand,
  ) {}

  execute(device: string | null, stream: number | null): Promise<Origins> {
    return stream !== null ? this.ofStream(stream) : this.ofDevice(device);
  }

  private async ofStream(stream: number): Promise<Origins> {
    const found = Number.isSafeInteger(stream)
      ? await this.ds.getRepository(StreamEntity).findOneBy({ id: stream })
      : null;
    const segments = [...(await segmentsById(this.ds.manager, found?.segments ?? [])).values()];
    return {
      origins: [...new Set(segments.flatMap((s) => s.frameOrigins))].sort(),
      mediaOrigins: mediaOriginsOf(segments.map(segmentView)),
    };
  }

  private async ofDevice(device: string | null): Promise<Origins> {
    const tv =
      typeof device === 'string' && device && !device.includes('\0')
        ? await this.ds.getRepository(SignageDeviceEntity).findOneBy({ identifier: device, isEnabled: true })
        : null;
    if (!tv) return NONE;
    const command = await this.openCommand.execute(tv.id);
    const { segments, scenes } = await resolveScenes(this.ds.manager, sceneIdsOf(tv, command));
    return {
      origins: frameOriginsOf(scenes.values(), segments),
      mediaOrigins: mediaOriginsOf(segmentsOf(scenes.values())),
    };
  }
}
