import type { PlayerCredentials, SignageCommand } from '@shop/contracts';
import { DomainException, type OutboxKicker } from '@shop/server';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { authenticatePlayers, unauthenticated } from '../../../devices/player-credentials.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { commandDto, iso, isOpen, recordCommands, tableOf } from './command-records.js';
import { NOUNS } from '@shop/i18n-de';

/** One player's step on one of its commands: the change it makes to the command, or null when it changes nothing. */
export interface PlayerStep {
  creds: PlayerCredentials;
  command: number;
  change: (c: CommandEntity) => Partial<CommandEntity> | null;
}

/**
 * Players' steps on their commands, applied in one transaction with a fixed number of statements: the TVs read once
 * and their keys checked per step (401 for that step), the TVs then the commands locked in id order (as the bulk
 * command locks TVs before commands, so the two never deadlock), the changed commands written with one UPDATE, their
 * TV copies and events with one statement each, one relay kick. A command that is not the TV's is 404; an open one
 * past its time-to-live becomes expired; a step that changes nothing (a repeated ack or result, a late one for an
 * aborted command) writes nothing and answers the command as it stands. Before, each ack was its own transaction of
 * about ten round trips holding a pooled connection: a thousand at once queued for the pool's 20 connections until
 * the gateway's bus request (5 s) gave up with 503.
 */
export async function applyPlayerSteps(
  ds: DataSource,
  relay: OutboxKicker,
  steps: PlayerStep[],
): Promise<Array<SignageCommand | DomainException>> {
  const devices = await authenticatePlayers(
    ds.manager,
    steps.map((s) => s.creds),
  );
  const outcomes: Array<CommandEntity | DomainException> = devices.map(() => unauthenticated());
  const deviceIds = [...new Set(devices.flatMap((d) => (d ? [d.id] : [])))];
  let changed = 0;
  if (deviceIds.length)
    await ds.transaction(async (m) => {
      const locked = await m
        .getRepository(SignageDeviceEntity)
        .find({ where: { id: In(deviceIds) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
      const commandIds = [...new Set(steps.flatMap((s, i) => (devices[i] ? [s.command] : [])))];
      const commands = new Map(
        (
          await m
            .getRepository(CommandEntity)
            .find({ where: { id: In(commandIds) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } })
        ).map((c) => [c.id, c]),
      );
      const dirty = decide(steps, devices, commands, outcomes);
      changed = dirty.length;
      if (!changed) return;
      await writeCommands(m, dirty);
      await recordCommands(m, locked, dirty);
    });
  if (changed) void relay.kick();
  return outcomes.map((o) => (o instanceof CommandEntity ? commandDto(o) : o));
}

/** Each step's outcome (into `outcomes`) and the commands the steps changed, each once. */
function decide(
  steps: PlayerStep[],
  devices: Array<SignageDeviceEntity | null>,
  commands: Map<number, CommandEntity>,
  outcomes: Array<CommandEntity | DomainException>,
): CommandEntity[] {
  const dirty = new Set<CommandEntity>();
  const now = new Date();
  steps.forEach((step, i) => {
    const device = devices[i];
    if (!device) return;
    const command = commands.get(step.command);
    if (!command || command.deviceId !== device.id) {
      outcomes[i] = DomainException.notFound(NOUNS.command);
      return;
    }
    outcomes[i] = command;
    const next =
      isOpen(command.state) && command.expiresAt < now
        ? ({ state: 'expired', finishedAt: now } as const)
        : step.change(command);
    if (!next) return;
    Object.assign(command, next);
    dirty.add(command);
  });
  return [...dirty];
}

/** The changed commands with one UPDATE from a recordset, however many there are. */
async function writeCommands(m: EntityManager, commands: CommandEntity[]): Promise<void> {
  await m.query(
    `UPDATE ${tableOf(m, CommandEntity)} AS c
        SET "state" = v.state, "acknowledgedAt" = v.acknowledged, "finishedAt" = v.finished, "result" = v.result
       FROM jsonb_to_recordset($1::jsonb)
         AS v(id int, state text, acknowledged timestamptz, finished timestamptz, result text)
      WHERE c.id = v.id`,
    [
      JSON.stringify(
        commands.map((c) => ({
          id: c.id,
          state: c.state,
          acknowledged: iso(c.acknowledgedAt),
          finished: iso(c.finishedAt),
          result: c.result,
        })),
      ),
    ],
  );
}
