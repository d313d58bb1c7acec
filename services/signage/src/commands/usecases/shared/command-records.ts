import {
  type Actor,
  CRUD_RESOURCES,
  type EventOf,
  OPEN_COMMAND_STATES,
  type SignageCommand,
  type SignageCommandState,
  type SignageCommandType,
} from '@shop/contracts';
import { DomainException, OutboxEntity, requireAccess } from '@shop/server';
import { In, type EntityManager } from 'typeorm';
import { commandView } from '../../../devices/device.crud.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';

/**
 * What the command use cases share, written once: the command as readers see it, the staff member's TV, and the
 * recording of a change. Every change writes the command row, the device's copy of its latest command and the
 * `signage.command.changed` event in one transaction (the caller's); the gateway pushes the event to the TV's
 * open stream.
 */

export const iso = (d: Date | null) => d?.toISOString() ?? null;

export const commandDto = (c: CommandEntity): SignageCommand =>
  commandView(c.deviceId, {
    id: c.id,
    type: c.type,
    scene: c.sceneId,
    state: c.state,
    createdAt: c.createdAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
    acknowledgedAt: iso(c.acknowledgedAt),
    finishedAt: iso(c.finishedAt),
    result: c.result,
  });

const commandEvent = (device: number, dto: SignageCommand): EventOf<'signage.command.changed'> => ({
  device,
  // a long error text stays in the database (a screenshot is already its URL): the event says the command finished
  command: { ...dto, result: dto.result && dto.result.length > 2000 ? null : dto.result },
  at: new Date().toISOString(),
});

export const isOpen = (state: SignageCommandState) => OPEN_COMMAND_STATES.includes(state);

/** The TV for a staff member: 404 outside their branches (as a list would not show it), locked in `m`. */
export async function staffDevice(m: EntityManager, actor: Actor | null, id: number): Promise<SignageDeviceEntity> {
  const who = requireAccess(actor, 'staff');
  const device = await m
    .getRepository(SignageDeviceEntity)
    .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!device || (!who.roles.includes('ROLE_ADMIN') && !who.branches.includes(device.branchId)))
    throw DomainException.notFound(CRUD_RESOURCES['digital-signage-devices'].label);
  return device;
}

/**
 * The same pending command for each TV, in a few statements however many TVs there are; an open one is aborted
 * first (the latest wish of staff counts).
 */
export async function issueCommands(
  m: EntityManager,
  devices: SignageDeviceEntity[],
  input: { type: SignageCommandType; scene: number | null; ttlSeconds: number },
): Promise<CommandEntity[]> {
  await finishOpenCommands(m, devices, 'aborted');
  const now = new Date();
  const repo = m.getRepository(CommandEntity);
  const commands = devices.map((device) =>
    repo.create({
      deviceId: device.id,
      type: input.type,
      sceneId: input.type === 'show-scene' ? input.scene : null,
      state: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
      acknowledgedAt: null,
      finishedAt: null,
      result: null,
    }),
  );
  // one statement from a recordset (TypeORM's insert built a thousand rows' SQL in the service's one thread, on the
  // way of a bulk command to its TVs); each TV gets one command, so the ids come back by TV
  const ids: Array<{ id: number; deviceId: number }> = await m.query(
    `INSERT INTO ${tableOf(m, CommandEntity)} ("deviceId", "type", "sceneId", "state", "createdAt", "expiresAt")
     SELECT v."deviceId", v.type, v."sceneId", 'pending', v."createdAt", v."expiresAt"
       FROM jsonb_to_recordset($1::jsonb)
         AS v("deviceId" int, type text, "sceneId" int, "createdAt" timestamptz, "expiresAt" timestamptz)
     RETURNING id, "deviceId"`,
    [
      JSON.stringify(
        commands.map(({ deviceId, type, sceneId, createdAt, expiresAt }) => ({
          deviceId,
          type,
          sceneId,
          createdAt,
          expiresAt,
        })),
      ),
    ],
  );
  const idOf = new Map(ids.map((r) => [r.deviceId, r.id]));
  for (const command of commands) command.id = idOf.get(command.deviceId) as number;
  await recordCommands(m, devices, commands);
  return commands;
}

/** Ends the TVs' open commands in `state`; answers whether there was one. */
export async function finishOpenCommands(
  m: EntityManager,
  devices: SignageDeviceEntity[],
  state: 'aborted' | 'expired',
): Promise<boolean> {
  const open = await m.getRepository(CommandEntity).find({
    where: { deviceId: In(devices.map((d) => d.id)), state: In([...OPEN_COMMAND_STATES]) },
    order: { id: 'ASC' },
  });
  if (!open.length) return false;
  const finishedAt = new Date();
  await m.getRepository(CommandEntity).update({ id: In(open.map((c) => c.id)) }, { state, finishedAt });
  for (const command of open) Object.assign(command, { state, finishedAt });
  await recordCommands(m, devices, open);
  return true;
}

/**
 * The commands' changes on their TVs' copies (where a command is the TV's latest) and as events, in one statement
 * each however many there are.
 */
export async function recordCommands(
  m: EntityManager,
  devices: SignageDeviceEntity[],
  commands: CommandEntity[],
): Promise<void> {
  const byId = new Map(devices.map((d) => [d.id, d]));
  const copies = new Map<number, SignageCommand>();
  const events = commands.map((command) => {
    const device = byId.get(command.deviceId);
    const dto = commandDto(command);
    if (device && (!device.command || device.command.id <= command.id)) {
      device.command = dto;
      copies.set(device.id, dto);
    }
    return { subject: 'signage.command.changed', payload: commandEvent(command.deviceId, dto) };
  });
  if (copies.size) {
    await m.query(
      `UPDATE ${tableOf(m, SignageDeviceEntity)} AS d SET "command" = v.command
         FROM jsonb_to_recordset($1::jsonb) AS v(id int, command jsonb) WHERE d.id = v.id`,
      [JSON.stringify([...copies].map(([id, command]) => ({ id, command })))],
    );
  }
  // the events in their order, in one statement (as above: no per-row SQL built in the service's thread)
  await m.query(
    `INSERT INTO ${tableOf(m, OutboxEntity)} ("subject", "payload")
     SELECT e.value->>'subject', e.value->'payload' FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
      ORDER BY e.n`,
    [JSON.stringify(events)],
  );
}

/** the quoted, schema-qualified table of an entity, for a raw statement */
export const tableOf = (
  m: EntityManager,
  entity: typeof CommandEntity | typeof SignageDeviceEntity | typeof OutboxEntity,
) => {
  const { schema, tableName } = m.getRepository(entity).metadata;
  return schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
};
