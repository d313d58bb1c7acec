import { Injectable } from '@nestjs/common';
import { PlayerHeartbeatInput, type PlayerCredentials } from '@shop/contracts';
import { parseOrThrow } from '@shop/server';
import { DataSource } from 'typeorm';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { authenticatePlayer } from '../../../devices/player-credentials.js';

/**
 * The player's beat (every 20 s): the TV is seen now, with the scene it shows and whether its screen is on. Online
 * or offline is computed from the last beat when the TV is read, so no sweeper can lag.
 */
@Injectable()
export class Heartbeat {
  constructor(private readonly ds: DataSource) {}

  async execute(creds: PlayerCredentials, body: unknown): Promise<{ at: string }> {
    const input = parseOrThrow(PlayerHeartbeatInput, body);
    const device = await authenticatePlayer(this.ds.manager, creds);
    const at = new Date();
    await this.ds
      .getRepository(SignageDeviceEntity)
      .update(device.id, { lastSeenAt: at, currentSceneId: input.currentScene, isScreenOn: input.isScreenOn });
    return { at: at.toISOString() };
  }
}
