import { Injectable } from '@nestjs/common';
import type { PlayerCredentials, SignageCommand } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { authenticatePlayer } from '../../../devices/player-credentials.js';

/**
 * The player opened its push stream (the gateway asks before it registers the stream): the TV is seen now, and its
 * open command (not yet expired) comes along, so a command sent while it was offline runs now.
 */
@Injectable()
export class Connect {
  constructor(
    private readonly ds: DataSource,
    private readonly openCommand: OpenCommand,
  ) {}

  async execute(creds: PlayerCredentials): Promise<{ device: number; branch: number; command: SignageCommand | null }> {
    const device = await authenticatePlayer(this.ds.manager, creds);
    await this.ds.getRepository(SignageDeviceEntity).update(device.id, { lastSeenAt: new Date() });
    return { device: device.id, branch: device.branchId, command: await this.openCommand.execute(device.id) };
  }
}
