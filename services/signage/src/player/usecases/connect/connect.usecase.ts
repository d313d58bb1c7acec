import { Inject, Injectable } from '@nestjs/common';
import type { PlayerCredentials, SignageCommand } from '@shop/contracts';
import { addEntityEventToOutbox, CONFIG, OUTBOX_RELAY, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import { OpenCommand } from '../../../commands/usecases/open-command/open-command.usecase.js';
import type { SignageConfig } from '../../../config/signage-config.js';
import { deviceStatus } from '../../../devices/device.crud.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { authenticatePlayer } from '../../../devices/player-credentials.js';

/**
 * The player opened its push stream (the gateway asks before it registers the stream): the TV is seen now, and its
 * open command (not yet expired) comes along, so a command sent while it was offline runs now. A TV that was offline
 * (never seen, or not within SIGNAGE_OFFLINE_AFTER_MS) records `signage.device.updated`, so the back office's TV list
 * shows it online at once rather than at its next read; the event ends the TV's streams (the hub cannot tell a status
 * from a key change), so the player reconnects once — as online then, without another event.
 */
@Injectable()
export class Connect {
  constructor(
    private readonly ds: DataSource,
    private readonly openCommand: OpenCommand,
    @Inject(CONFIG) private readonly config: Pick<SignageConfig, 'SIGNAGE_OFFLINE_AFTER_MS'>,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async execute(creds: PlayerCredentials): Promise<{ device: number; branch: number; command: SignageCommand | null }> {
    const device = await authenticatePlayer(this.ds.manager, creds);
    const at = new Date();
    const cameOnline = deviceStatus(device, this.config.SIGNAGE_OFFLINE_AFTER_MS, at.getTime()) === 'offline';
    await this.ds.transaction(async (m) => {
      await m.getRepository(SignageDeviceEntity).update(device.id, { lastSeenAt: at });
      if (cameOnline) await addEntityEventToOutbox(m, 'signage.device.updated', device.id);
    });
    if (cameOnline) void this.relay.kick();
    return { device: device.id, branch: device.branchId, command: await this.openCommand.execute(device.id) };
  }
}
