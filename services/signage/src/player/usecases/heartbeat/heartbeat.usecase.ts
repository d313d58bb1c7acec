import { Inject, Injectable } from '@nestjs/common';
import { PlayerHeartbeatInput, type PlayerCredentials } from '@shop/contracts';
import { addEntityEventToOutbox, OUTBOX_RELAY, parseOrThrow, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { authenticatePlayer } from '../../../devices/player-credentials.js';

/**
 * The player's beat (every 20 s): the TV is seen now, with the scene it shows, whether its screen is on and why it
 * shows its idle screen (the TV list names the reason). Online or offline is computed from the last beat when the TV
 * is read, so no sweeper can lag. A changed idle reason (not every beat) records `signage.device.updated`, so the
 * back office's TV list shows it at once (issue 42); the change is taken by a conditional UPDATE, so of two beats
 * racing with the same new reason only one records it.
 */
@Injectable()
export class Heartbeat {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async execute(creds: PlayerCredentials, body: unknown): Promise<{ at: string }> {
    const input = parseOrThrow(PlayerHeartbeatInput, body);
    const device = await authenticatePlayer(this.ds.manager, creds);
    const at = new Date();
    const idleChanged = await this.ds.transaction(async (m) => {
      const changed = await m
        .createQueryBuilder()
        .update(SignageDeviceEntity)
        .set({ idleReason: input.idle })
        .where('id = :id AND "idleReason" IS DISTINCT FROM :idle', { id: device.id, idle: input.idle })
        .execute();
      await m.getRepository(SignageDeviceEntity).update(device.id, {
        lastSeenAt: at,
        currentSceneId: input.currentScene,
        isScreenOn: input.isScreenOn,
      });
      if (!changed.affected) return false;
      await addEntityEventToOutbox(m, 'signage.device.updated', device.id);
      return true;
    });
    if (idleChanged) void this.relay.kick();
    return { at: at.toISOString() };
  }
}
