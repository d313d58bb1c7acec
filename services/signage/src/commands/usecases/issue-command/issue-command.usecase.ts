import { Inject, Injectable } from '@nestjs/common';
import { SignageCommandInput, type Actor, type SignageDevice } from '@shop/contracts';
import { CONFIG, DomainException, OUTBOX_RELAY, parseOrThrow, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import type { SignageConfig } from '../../../config/signage-config.js';
import { deviceDto } from '../../../devices/device.crud.js';
import { issueCommands, staffDevice } from '../shared/command-records.js';

/**
 * Staff of the TV's branch send it a command (backoffice-platform.md §4): recorded as pending, an open one aborted
 * first; answers the TV with its latest command. A disabled TV is 409.
 */
@Injectable()
export class IssueCommand {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: SignageConfig,
  ) {}

  async execute(actor: Actor | null, id: number, body: unknown): Promise<SignageDevice> {
    const input = parseOrThrow(SignageCommandInput, body);
    const device = await this.ds.transaction(async (m) => {
      const device = await staffDevice(m, actor, id);
      if (!device.isEnabled) throw DomainException.of('CONFLICT', 'signage.deviceDisabled');
      await issueCommands(m, [device], input);
      return device;
    });
    void this.relay.kick();
    return deviceDto(device, this.config.SIGNAGE_OFFLINE_AFTER_MS);
  }
}
