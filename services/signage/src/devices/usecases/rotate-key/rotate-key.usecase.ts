import { Inject, Injectable } from '@nestjs/common';
import { CRUD_RESOURCES, type Actor, type SignageKeyRotation } from '@shop/contracts';
import {
  addEntityEventToOutbox,
  CONFIG,
  DomainException,
  newDeviceKey,
  OUTBOX_RELAY,
  requireAccess,
  type OutboxKicker,
} from '@shop/server';
import { DataSource } from 'typeorm';
import type { SignageConfig } from '../../../config/signage-config.js';
import { deviceDto } from '../../device.crud.js';
import { SignageDeviceEntity } from '../../device.entity.js';

/**
 * An administrator gives a TV a new key (issue 42): answered once with the TV, the back office shows it as the
 * player's sign-in link and QR code. Every player call is checked against the key, so a player signed in with the
 * old one is refused from its next call; the `signage.device.updated` event makes the gateway end the TV's open push
 * streams at once, so that call comes within a second.
 */
@Injectable()
export class RotateKey {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: SignageConfig,
  ) {}

  async execute(actor: Actor | null, id: number): Promise<SignageKeyRotation> {
    requireAccess(actor, 'admin');
    const device = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(SignageDeviceEntity);
      const found = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw DomainException.notFound(CRUD_RESOURCES['digital-signage-devices'].label);
      found.key = newDeviceKey();
      const saved = await repo.save(found);
      await addEntityEventToOutbox(m, 'signage.device.updated', saved.id);
      return saved;
    });
    void this.relay.kick();
    return { device: deviceDto(device, this.config.SIGNAGE_OFFLINE_AFTER_MS), key: device.key };
  }
}
