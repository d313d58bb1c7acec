import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { OPEN_COMMAND_STATES } from '@shop/contracts';
import { CONFIG, OUTBOX_RELAY, PeriodicTasks, type OutboxKicker } from '@shop/server';
import { DataSource, In, LessThan } from 'typeorm';
import type { SignageConfig } from '../../../config/signage-config.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { isOpen, recordCommands } from '../shared/command-records.js';

/**
 * Open commands past their time-to-live become expired: every `SIGNAGE_EXPIRY_INTERVAL_MS`, and before a player is
 * told of its open command (`OpenCommand`). Each is locked and checked again, so a command the player finished
 * meanwhile stays as it is.
 */
@Injectable()
export class ExpireCommands implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: SignageConfig,
    private readonly tasks: PeriodicTasks,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every('signage-command-expiry', this.config.SIGNAGE_EXPIRY_INTERVAL_MS, async () => {
      await this.execute();
    });
  }

  /** Answers how many were due (at most 500 a run). */
  async execute(now = new Date()): Promise<number> {
    const due = await this.ds
      .getRepository(CommandEntity)
      .find({ where: { state: In([...OPEN_COMMAND_STATES]), expiresAt: LessThan(now) }, take: 500 });
    if (!due.length) return 0;
    await this.ds.transaction(async (m) => {
      for (const stale of due) {
        const command = await m
          .getRepository(CommandEntity)
          .findOne({ where: { id: stale.id }, lock: { mode: 'pessimistic_write' } });
        if (!command || !isOpen(command.state) || command.expiresAt >= now) continue;
        Object.assign(command, { state: 'expired', finishedAt: now });
        await m.getRepository(CommandEntity).save(command);
        const device = await m.getRepository(SignageDeviceEntity).findOneByOrFail({ id: command.deviceId });
        await recordCommands(m, [device], [command]);
      }
    });
    void this.relay.kick();
    return due.length;
  }
}
