import { Injectable } from '@nestjs/common';
import type { OpeningHoursRule, PlayerCredentials, PlayerSchedule } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import { authenticatePlayer } from '../../../devices/player-credentials.js';
import {
  DEFAULT_TIME_ZONE,
  frameOriginsOf,
  mediaOriginsOf,
  resolveScenes,
  sceneIdsOf,
  segmentsOf,
} from '../shared/player-scenes.js';

/** what the player needs of a branch for its power schedule */
interface BranchHours {
  openingHours: OpeningHoursRule[];
  timeZone: string;
}

/**
 * What a TV plays (identifier + key): its scene with regions, streams and segments resolved, the scene of an open
 * show-scene command, its power schedule (its own, else its branch's opening hours), its open command, the origins
 * its page's CSP must allow, and a version the player compares to notice a change.
 */
@Injectable()
export class Schedule {
  constructor(
    private readonly ds: DataSource,
    private readonly openCommand: OpenCommand,
    private readonly bus: ServiceBus,
  ) {}

  /** the hours each branch had when the catalogue last answered (per process: a restart forgets them) */
  private readonly knownHours = new Map<number, BranchHours>();

  async execute(creds: PlayerCredentials): Promise<PlayerSchedule> {
    const device = await authenticatePlayer(this.ds.manager, creds);
    const command = await this.openCommand.execute(device.id);
    const { segments, scenes } = await resolveScenes(this.ds.manager, sceneIdsOf(device, command));
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

  /**
   * The branch's opening hours and time zone for a TV without its own power schedule. When the catalogue does not
   * answer, the hours it answered last: a TV must not switch on for good (null is "always on" to the player) because
   * the catalogue is briefly away. Null only when it has not answered for this branch since this process started.
   */
  private async branchHours(branchId: number): Promise<BranchHours | null> {
    const context = await this.bus.requestAsService('catalogue.order.context', { branchId }).catch(() => null);
    if (!context) return this.knownHours.get(branchId) ?? null;
    const hours = { openingHours: context.branch.openingHours, timeZone: context.branch.timezone };
    this.knownHours.set(branchId, hours);
    return hours;
  }
}
