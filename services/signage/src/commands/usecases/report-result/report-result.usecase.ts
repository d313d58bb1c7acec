import { Inject, Injectable } from '@nestjs/common';
import { PlayerCommandResultInput, type PlayerCredentials, type SignageCommand } from '@shop/contracts';
import { DomainException, OUTBOX_RELAY, parseOrThrow, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import type { CommandEntity } from '../../command.entity.js';
import { isOpen } from '../shared/command-records.js';
import { applyPlayerSteps } from '../shared/player-steps.js';

/**
 * The player's report on a command: an open one becomes done or failed with the report (an error text, a
 * screenshot's picture); a command that ended meanwhile is answered as it is.
 */
@Injectable()
export class ReportResult {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async execute(creds: PlayerCredentials, commandId: number, body: unknown): Promise<SignageCommand> {
    const input = parseOrThrow(PlayerCommandResultInput, body);
    const change = (c: CommandEntity): Partial<CommandEntity> | null =>
      isOpen(c.state)
        ? {
            state: input.ok ? 'done' : 'failed',
            acknowledgedAt: c.acknowledgedAt ?? new Date(),
            finishedAt: new Date(),
            result: input.result,
          }
        : null;
    const [outcome] = await applyPlayerSteps(this.ds, this.relay, [{ creds, command: commandId, change }]);
    if (outcome instanceof DomainException) throw outcome;
    return outcome;
  }
}
