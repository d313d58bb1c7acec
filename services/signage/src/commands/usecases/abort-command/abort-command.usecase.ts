import { Inject, Injectable } from '@nestjs/common';
import type { Actor, SignageDevice } from '@shop/contracts';
import { CONFIG, DomainException, OUTBOX_RELAY, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import type { SignageConfig } from '../../../config/signage-config.js';
import { deviceDto } from '../../../devices/device.crud.js';
import { finishOpenCommands, staffDevice } from '../shared/command-records.js';

/** Staff of the TV's branch abort its open command; nothing open is 409. Answers the TV with its latest command. */
@Injectable()
export class AbortCommand {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: SignageConfig,
  ) {}

  async execute(actor: Actor | null, id: number): Promise<SignageDevice> {
    const device = await this.ds.transaction(async (m) => {
      const device = await staffDevice(m, actor, id);
      if (!(await finishOpenCommands(m, [device], 'aborted')))
        throw DomainException.of('CONFLICT', 'signage.noOpenCommand');
      return device;
    });
    void this.relay.kick();
    return deviceDto(device, this.config.SIGNAGE_OFFLINE_AFTER_MS);
  }
}
