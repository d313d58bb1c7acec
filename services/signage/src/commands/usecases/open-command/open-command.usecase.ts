import { Injectable } from '@nestjs/common';
import { OPEN_COMMAND_STATES, type SignageCommand } from '@shop/contracts';
import { DataSource, In } from 'typeorm';
import { CommandEntity } from '../../command.entity.js';
import { ExpireCommands } from '../expire-commands/expire-commands.usecase.js';
import { commandDto } from '../shared/command-records.js';

/**
 * A TV's open command, for its player to run now (on connect, with its schedule, for its page's frame origins):
 * commands past their time-to-live are expired first, so a player is never told of one.
 */
@Injectable()
export class OpenCommand {
  constructor(
    private readonly ds: DataSource,
    private readonly expire: ExpireCommands,
  ) {}

  async execute(deviceId: number): Promise<SignageCommand | null> {
    await this.expire.execute();
    const open = await this.ds
      .getRepository(CommandEntity)
      .findOne({ where: { deviceId, state: In([...OPEN_COMMAND_STATES]) }, order: { id: 'DESC' } });
    return open ? commandDto(open) : null;
  }
}
