import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  OPEN_COMMAND_STATES,
  PlayerAckBatch,
  PlayerCommandResultInput,
  PlayerHeartbeatInput,
  SignageBulkCommandInput,
  SignageCommandInput,
  type Actor,
  type EventOf,
  type PlayerAckOutcome,
  type PlayerCredentials,
  type SignageBulkCommandResult,
  type SignageCommand,
  type SignageCommandState,
  type SignageCommandType,
  type SignageDevice,
} from '@shop/contracts';
import {
  CONFIG,
  DomainException,
  OUTBOX_RELAY,
  OutboxEntity,
  parseOrThrow,
  PeriodicTasks,
  requireAccess,
  type OutboxRelay,
} from '@shop/server';
import { timingSafeEqual, createHash } from 'node:crypto';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import { SceneEntity } from '../scenes/scene.entity.js';
import type { SignageConfig } from '../config/signage-config.js';
import { commandView, deviceDto } from '../devices/device.crud.js';
import { SignageDeviceEntity } from '../devices/device.entity.js';
import { CommandEntity } from './command.entity.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;
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
const isOpen = (state: SignageCommandState) => OPEN_COMMAND_STATES.includes(state);
/** equal-length digests, so the comparison takes the same time whatever the key */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * Device commands (backoffice-platform.md §4): staff issue and abort them, the player acknowledges and reports the
 * result; an open command past its time-to-live expires. Every change writes the command row, the device's copy of
 * its latest command and the `signage.command.changed` event in one transaction; the gateway pushes the event to
 * the device's open stream, and a player that was offline gets its open command when it connects.
 */
@Injectable()
export class CommandService implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay,
    @Inject(CONFIG) private readonly config: SignageConfig,
    private readonly tasks: PeriodicTasks,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every('signage-command-expiry', this.config.SIGNAGE_EXPIRY_INTERVAL_MS, async () => {
      await this.expire();
    });
  }

  private dto(device: SignageDeviceEntity, actor: Actor | null): SignageDevice {
    return deviceDto(device, actor, this.config.SIGNAGE_OFFLINE_AFTER_MS);
  }

  /** The device for a staff member: 404 outside their branches (as a list would not show it), locked in `m`. */
  private async staffDevice(m: EntityManager, actor: Actor | null, id: number): Promise<SignageDeviceEntity> {
    const who = requireAccess(actor, 'staff');
    const device = await m
      .getRepository(SignageDeviceEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!device || (!who.roles.includes('ROLE_ADMIN') && !who.branches.includes(device.branchId)))
      throw DomainException.notFound('TV');
    return device;
  }

  /** Records the command as pending (an open one is aborted first: the latest wish of staff counts). */
  async issue(actor: Actor | null, id: number, body: unknown): Promise<SignageDevice> {
    const input = parseOrThrow(SignageCommandInput, body);
    const device = await this.ds.transaction(async (m) => {
      const device = await this.staffDevice(m, actor, id);
      if (!device.isEnabled) throw DomainException.of('CONFLICT', 'signage.deviceDisabled');
      await this.issueTo(m, [device], input);
      return device;
    });
    void this.relay.kick();
    return this.dto(device, actor);
  }

  /**
   * One command to many TVs in one transaction: the listed ones (all visible to the caller and enabled, or none
   * gets it), or the enabled TVs of a branch or whose scene plays a stream (for an employee: in their branches).
   */
  async issueMany(actor: Actor | null, body: unknown): Promise<SignageBulkCommandResult> {
    const input = parseOrThrow(SignageBulkCommandInput, body);
    const who = requireAccess(actor, 'staff');
    const admin = who.roles.includes('ROLE_ADMIN');
    if (input.branch !== null && !admin && !who.branches.includes(input.branch))
      throw DomainException.of('FORBIDDEN', 'http.forbidden', undefined, 'branch');
    const issued = await this.ds.transaction(async (m) => {
      const query = m
        .getRepository(SignageDeviceEntity)
        .createQueryBuilder('d')
        .setLock('pessimistic_write')
        .orderBy('d.id', 'ASC');
      if (input.devices) query.where('d.id IN (:...ids)', { ids: input.devices });
      else if (input.branch !== null) query.where('d.branchId = :branch AND d.isEnabled', { branch: input.branch });
      else {
        const scenes = await m
          .getRepository(SceneEntity)
          .createQueryBuilder('s')
          .select('s.id', 'id')
          .where('s.regions @> :region::jsonb', { region: JSON.stringify([{ stream: input.stream }]) })
          .getRawMany<{ id: number }>();
        query.where('d.sceneId IN (:...scenes) AND d.isEnabled', { scenes: [0, ...scenes.map((s) => s.id)] });
      }
      if (!admin) query.andWhere('d.branchId IN (:...branches)', { branches: [0, ...who.branches] });
      const devices = await query.getMany();
      const missing = input.devices?.find((id) => !devices.some((d) => d.id === id));
      if (missing !== undefined)
        throw DomainException.of('NOT_FOUND', 'validation.referenceNotFound', { label: 'TV', id: missing }, 'devices');
      if (devices.some((d) => !d.isEnabled))
        throw DomainException.of('CONFLICT', 'signage.deviceDisabled', undefined, 'devices');
      if (!devices.length)
        throw DomainException.of(
          'VALIDATION_FAILED',
          'signage.noDevices',
          undefined,
          input.branch ? 'branch' : 'stream',
        );
      return this.issueTo(m, devices, input);
    });
    void this.relay.kick();
    return { count: issued.length, devices: issued.map((c) => ({ id: c.deviceId, command: c.id })) };
  }

  /** The same pending command for each device, in a few statements however many devices there are. */
  private async issueTo(
    m: EntityManager,
    devices: SignageDeviceEntity[],
    input: { type: SignageCommandType; scene: number | null; ttlSeconds: number },
  ): Promise<CommandEntity[]> {
    await this.finishOpen(m, devices, 'aborted');
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
    await repo.insert(commands);
    await this.recorded(m, devices, commands);
    return commands;
  }

  async abort(actor: Actor | null, id: number): Promise<SignageDevice> {
    const device = await this.ds.transaction(async (m) => {
      const device = await this.staffDevice(m, actor, id);
      if (!(await this.finishOpen(m, [device], 'aborted')))
        throw DomainException.of('CONFLICT', 'signage.noOpenCommand');
      return device;
    });
    void this.relay.kick();
    return this.dto(device, actor);
  }

  /**
   * The picture of a TV's screenshot command (the given one, else the latest done one) for whoever may read the TV
   * (staff of its branch, else 403, as reading the TV); 404 for an unknown TV or when there is no such picture.
   */
  async screenshot(
    actor: Actor | null,
    id: number,
    commandId: number | null,
  ): Promise<{ mediaType: string; base64: string }> {
    requireAccess(actor, 'staff');
    const device = await this.ds.getRepository(SignageDeviceEntity).findOneBy({ id });
    if (!device) throw DomainException.notFound('TV');
    requireAccess(actor, 'branch', [device.branchId]);
    const command = await this.ds.getRepository(CommandEntity).findOne({
      where: { deviceId: id, type: 'screenshot', state: 'done', ...(commandId === null ? {} : { id: commandId }) },
      order: { id: 'DESC' },
    });
    const picture = /^data:(image\/[a-z+.-]+);base64,(.+)$/s.exec(command?.result ?? '');
    if (!picture) throw DomainException.notFound('Bildschirmfoto');
    return { mediaType: picture[1], base64: picture[2] };
  }

  /** Ends the devices' open commands in `state`; answers whether there was one. */
  private async finishOpen(
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
    await this.recorded(m, devices, open);
    return true;
  }

  /**
   * The commands' changes on their devices' copies (where a command is the device's latest) and as events, in one
   * statement each however many there are.
   */
  private async recorded(m: EntityManager, devices: SignageDeviceEntity[], commands: CommandEntity[]): Promise<void> {
    const byId = new Map(devices.map((d) => [d.id, d]));
    const copies = new Map<number, SignageCommand>();
    const events = commands.map((command) => {
      const device = byId.get(command.deviceId);
      const dto = commandDto(command);
      if (device && (!device.command || device.command.id <= command.id)) {
        device.command = dto;
        copies.set(device.id, dto);
      }
      return { subject: 'signage.command.changed', payload: commandEvent(command.deviceId, dto), headers: null };
    });
    if (copies.size) {
      await m.query(
        `UPDATE ${tableOf(m, SignageDeviceEntity)} AS d SET "command" = v.command
           FROM jsonb_to_recordset($1::jsonb) AS v(id int, command jsonb) WHERE d.id = v.id`,
        [JSON.stringify([...copies].map(([id, command]) => ({ id, command })))],
      );
    }
    await m.insert(OutboxEntity, events);
  }

  /** Open commands past their time-to-live become expired (periodically, and before a player is told of one). */
  async expire(now = new Date()): Promise<number> {
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
        await this.recorded(m, [device], [command]);
      }
    });
    void this.relay.kick();
    return due.length;
  }

  /** The enabled device behind identifier + key; the same 401 for an unknown identifier and a wrong key. */
  async authenticate(creds: PlayerCredentials, m: EntityManager = this.ds.manager): Promise<SignageDeviceEntity> {
    const [device] = await this.authenticateMany([creds], m);
    if (!device) throw unauthenticated();
    return device;
  }

  /** `authenticate` for many at once (one query): per entry its device, or null where it would be 401. */
  async authenticateMany(
    all: PlayerCredentials[],
    m: EntityManager = this.ds.manager,
  ): Promise<Array<SignageDeviceEntity | null>> {
    const identifierOf = (creds: PlayerCredentials) =>
      typeof creds.identifier === 'string' && creds.identifier && !creds.identifier.includes('\0')
        ? creds.identifier
        : null;
    const identifiers = [...new Set(all.flatMap((c) => identifierOf(c) ?? []))];
    const found = identifiers.length
      ? await m.getRepository(SignageDeviceEntity).findBy({ identifier: In(identifiers) })
      : [];
    const byIdentifier = new Map(found.map((d) => [d.identifier, d]));
    return all.map((creds) => {
      const device = byIdentifier.get(identifierOf(creds) ?? '');
      return device && sameSecret(device.key, String(creds.key)) && device.isEnabled ? device : null;
    });
  }

  /** The player opened its stream: seen now; its open command (not yet expired), to run now. */
  async connect(creds: PlayerCredentials): Promise<{ device: number; branch: number; command: SignageCommand | null }> {
    const device = await this.authenticate(creds);
    await this.ds.getRepository(SignageDeviceEntity).update(device.id, { lastSeenAt: new Date() });
    return { device: device.id, branch: device.branchId, command: await this.openCommand(device.id) };
  }

  async openCommand(deviceId: number): Promise<SignageCommand | null> {
    await this.expire();
    const open = await this.ds
      .getRepository(CommandEntity)
      .findOne({ where: { deviceId, state: In([...OPEN_COMMAND_STATES]) }, order: { id: 'DESC' } });
    return open ? commandDto(open) : null;
  }

  async heartbeat(creds: PlayerCredentials, body: unknown): Promise<{ at: string }> {
    const input = parseOrThrow(PlayerHeartbeatInput, body);
    const device = await this.authenticate(creds);
    const at = new Date();
    await this.ds
      .getRepository(SignageDeviceEntity)
      .update(device.id, { lastSeenAt: at, currentSceneId: input.currentScene, isScreenOn: input.isScreenOn });
    return { at: at.toISOString() };
  }

  /**
   * The gateway's batch of acknowledgements, applied together (one transaction, a few statements however many):
   * each entry is checked and answered on its own, in order; a repeated ack (also within the batch) is a no-op.
   */
  async acknowledgeMany(body: unknown): Promise<{ results: PlayerAckOutcome[] }> {
    const { acks } = parseOrThrow(PlayerAckBatch, body);
    const outcomes = await this.playerSteps(
      acks.map(({ identifier, key, command }) => ({ creds: { identifier, key }, command, change: acknowledged })),
    );
    return {
      results: outcomes.map((o) => (o instanceof DomainException ? { error: o.toJSON() } : { command: o })),
    };
  }

  /** open → done or failed with the player's report; a command that ended meanwhile is answered as it is. */
  async report(creds: PlayerCredentials, commandId: number, body: unknown): Promise<SignageCommand> {
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
    return unwrap((await this.playerSteps([{ creds, command: commandId, change }]))[0]);
  }

  /**
   * Players' steps on their commands, applied in one transaction with a fixed number of statements: the devices
   * read once and their keys checked per step (401 for that step), the devices then the commands locked in id order
   * (as `issueMany` locks devices before commands, so the two never deadlock), the changed commands written with one
   * UPDATE, their device copies and events with one statement each (`recorded`), one relay kick. A command that is
   * not the device's is 404; an open one past its time-to-live becomes expired; a step that changes nothing (a
   * repeated ack or result, a late one for an aborted command) writes nothing and answers the command as it stands.
   * Before, each ack was its own transaction of about ten round trips holding a pooled connection: a thousand at
   * once queued for the pool's 20 connections until the gateway's bus request (5 s) gave up with 503.
   */
  private async playerSteps(steps: PlayerStep[]): Promise<Array<SignageCommand | DomainException>> {
    const devices = await this.authenticateMany(steps.map((s) => s.creds));
    const outcomes: Array<CommandEntity | DomainException> = devices.map(() => unauthenticated());
    const deviceIds = [...new Set(devices.flatMap((d) => (d ? [d.id] : [])))];
    let changed = 0;
    if (deviceIds.length)
      await this.ds.transaction(async (m) => {
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
        const dirty = new Set<CommandEntity>();
        const now = new Date();
        steps.forEach((step, i) => {
          const device = devices[i];
          if (!device) return;
          const command = commands.get(step.command);
          if (!command || command.deviceId !== device.id) {
            outcomes[i] = DomainException.notFound('Befehl');
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
        changed = dirty.size;
        if (!changed) return;
        await m.query(
          `UPDATE ${tableOf(m, CommandEntity)} AS c
            SET "state" = v.state, "acknowledgedAt" = v.acknowledged, "finishedAt" = v.finished, "result" = v.result
           FROM jsonb_to_recordset($1::jsonb)
             AS v(id int, state text, acknowledged timestamptz, finished timestamptz, result text)
          WHERE c.id = v.id`,
          [
            JSON.stringify(
              [...dirty].map((c) => ({
                id: c.id,
                state: c.state,
                acknowledged: iso(c.acknowledgedAt),
                finished: iso(c.finishedAt),
                result: c.result,
              })),
            ),
          ],
        );
        await this.recorded(m, locked, [...dirty]);
      });
    if (changed) void this.relay.kick();
    return outcomes.map((o) => (o instanceof CommandEntity ? commandDto(o) : o));
  }
}

interface PlayerStep {
  creds: PlayerCredentials;
  command: number;
  change: (c: CommandEntity) => Partial<CommandEntity> | null;
}
const acknowledged = (c: CommandEntity): Partial<CommandEntity> | null =>
  c.state === 'pending' ? { state: 'acknowledged', acknowledgedAt: new Date() } : null;
const unauthenticated = () => DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
const unwrap = (o: SignageCommand | DomainException): SignageCommand => {
  if (o instanceof DomainException) throw o;
  return o;
};
/** the quoted, schema-qualified table of an entity, for a raw statement */
const tableOf = (m: EntityManager, entity: typeof CommandEntity | typeof SignageDeviceEntity) => {
  const { schema, tableName } = m.getRepository(entity).metadata;
  return schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
};
