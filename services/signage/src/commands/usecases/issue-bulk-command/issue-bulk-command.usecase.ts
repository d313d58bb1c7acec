import { Inject, Injectable } from '@nestjs/common';
import { type Actor, CRUD_RESOURCES, SignageBulkCommandInput, type SignageBulkCommandResult } from '@shop/contracts';
import { DomainException, OUTBOX_RELAY, parseOrThrow, requireAccess, type OutboxKicker } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { SceneEntity } from '../../../scenes/scene.entity.js';
import { issueCommands } from '../shared/command-records.js';

type Input = z.output<typeof SignageBulkCommandInput>;

/**
 * One command to many TVs in one transaction: the listed ones (all visible to the caller and enabled, or none gets
 * it), or the enabled TVs of a branch or whose scene plays a stream (for an employee: in their branches). A fixed
 * number of statements however many TVs, so a thousand stay well inside the bus's request time.
 */
@Injectable()
export class IssueBulkCommand {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async execute(actor: Actor | null, body: unknown): Promise<SignageBulkCommandResult> {
    const input = parseOrThrow(SignageBulkCommandInput, body);
    const who = requireAccess(actor, 'staff');
    const branches = who.roles.includes('ROLE_ADMIN') ? 'all' : who.branches;
    if (input.branch !== null && branches !== 'all' && !branches.includes(input.branch))
      throw DomainException.of('FORBIDDEN', 'http.forbidden', undefined, 'branch');
    const issued = await this.ds.transaction(async (m) =>
      issueCommands(m, checked(input, await targets(m, input, branches)), input),
    );
    void this.relay.kick();
    return { count: issued.length, devices: issued.map((c) => ({ id: c.deviceId, command: c.id })) };
  }
}

/** The TVs the command goes to, locked in id order (as the players' steps lock them, so the two never deadlock). */
async function targets(m: EntityManager, input: Input, branches: 'all' | number[]): Promise<SignageDeviceEntity[]> {
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
  if (branches !== 'all') query.andWhere('d.branchId IN (:...branches)', { branches: [0, ...branches] });
  return query.getMany();
}

/** Listed TVs: all found (404 names the first missing one) and enabled (409); there must be one to send to (422). */
function checked(input: Input, devices: SignageDeviceEntity[]): SignageDeviceEntity[] {
  const missing = input.devices?.find((id) => !devices.some((d) => d.id === id));
  if (missing !== undefined)
    throw DomainException.of(
      'NOT_FOUND',
      'validation.referenceNotFound',
      { label: CRUD_RESOURCES['digital-signage-devices'].label, id: missing },
      'devices',
    );
  if (devices.some((d) => !d.isEnabled))
    throw DomainException.of('CONFLICT', 'signage.deviceDisabled', undefined, 'devices');
  if (!devices.length)
    throw DomainException.of('VALIDATION_FAILED', 'signage.noDevices', undefined, input.branch ? 'branch' : 'stream');
  return devices;
}
