import { Inject, Injectable } from '@nestjs/common';
import { PlayerAckBatch, type PlayerAckOutcome } from '@shop/contracts';
import { DomainException, OUTBOX_RELAY, parseOrThrow, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import type { CommandEntity } from '../../command.entity.js';
import { applyPlayerSteps } from '../shared/player-steps.js';

/** pending → acknowledged: the player received the command; anything else is left as it is */
const acknowledged = (c: CommandEntity): Partial<CommandEntity> | null =>
  c.state === 'pending' ? { state: 'acknowledged', acknowledgedAt: new Date() } : null;

/**
 * The gateway's batch of players' acknowledgements, applied together (one transaction, a few statements however
 * many): each entry is checked and answered on its own, in order; a repeated ack (also within the batch) is a no-op.
 */
@Injectable()
export class AcknowledgeCommands {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async execute(body: unknown): Promise<{ results: PlayerAckOutcome[] }> {
    const { acks } = parseOrThrow(PlayerAckBatch, body);
    const outcomes = await applyPlayerSteps(
      this.ds,
      this.relay,
      acks.map(({ identifier, key, command }) => ({ creds: { identifier, key }, command, change: acknowledged })),
    );
    return {
      results: outcomes.map((o) => (o instanceof DomainException ? { error: o.toJSON() } : { command: o })),
    };
  }
}
