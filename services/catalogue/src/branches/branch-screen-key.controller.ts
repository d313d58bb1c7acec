import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Branch } from '@shop/contracts';
import {
  addEntityEventToOutbox,
  CONFIG,
  DomainException,
  OUTBOX_RELAY,
  type OutboxKicker,
  requireAccess,
  requireService,
  Rpc,
  type RpcMessage,
  sameSecret,
} from '@shop/server';
import { DataSource } from 'typeorm';
import type { CatalogueConfig } from '../config/catalogue-config.js';
import { branchToDto } from './branch.crud.js';
import { newScreenKey } from './branch-screen-key.js';
import { BranchEntity } from './branch.entity.js';
import { CRUD_RESOURCES } from '@shop/contracts';

/**
 * The counter-screen key of a branch (issue 15, item 14): generated here, replaced only by an administrator, and
 * checked here on every screen request (no cache anywhere), so a rotated key stops working at once.
 */
@Controller()
export class BranchScreenKeyController {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly settings: CatalogueConfig,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  @Rpc('catalogue.branch.rotate-screen-key')
  async rotate(@Payload() m: RpcMessage<'catalogue.branch.rotate-screen-key'>): Promise<Branch> {
    requireAccess(m.actor, 'admin');
    const branch = await this.ds.transaction(async (manager) => {
      const entity = await manager.getRepository(BranchEntity).findOne({
        where: { id: m.payload.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!entity) throw DomainException.notFound(CRUD_RESOURCES.branches.label);
      entity.apiKey = newScreenKey();
      await manager.getRepository(BranchEntity).save(entity);
      await addEntityEventToOutbox(manager, 'catalogue.branch.updated', entity.id);
      return entity;
    });
    void this.relay.kick();
    return branchToDto(branch, m.actor);
  }

  @Rpc('catalogue.branch.check-screen-key')
  async check(@Payload() m: RpcMessage<'catalogue.branch.check-screen-key'>): Promise<{ valid: boolean }> {
    requireService(m.caller, 'catalogue.branch.check-screen-key', this.settings.SERVICE_SECRET, ['order']);
    const { branchId, key } = m.payload;
    if (!Number.isSafeInteger(branchId) || typeof key !== 'string') return { valid: false };
    const row = await this.ds
      .getRepository(BranchEntity)
      .findOne({ where: { id: branchId }, select: { apiKey: true } });
    return { valid: !!row && sameSecret(row.apiKey, key) };
  }
}
