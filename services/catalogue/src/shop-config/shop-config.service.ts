import { Inject, Injectable } from '@nestjs/common';
import { ConfigInput, type Actor, type Config } from '@shop/contracts';
import { addEntityEventToOutbox, OUTBOX_RELAY, parseOrThrow, requireAccess, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import { ShopConfigEntity } from './shop-config.entity.js';

const SINGLETON = 1;

@Injectable()
export class ShopConfigService {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async get(): Promise<Config> {
    const row = await this.ds.getRepository(ShopConfigEntity).findOneBy({ id: SINGLETON });
    // an unconfigured shop still answers with every field at its default
    const data = row ? row.data : ConfigInput.parse({ shopName: 'Shop' });
    return {
      ...(data as ReturnType<typeof ConfigInput.parse>),
      updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
    };
  }

  save(actor: Actor | null, body: unknown): Promise<Config> {
    requireAccess(actor, 'admin');
    return this.saveForService(body);
  }

  /** For the service's own trusted code (the demo seed): the same validation and event, no staff member pretended. */
  async saveForService(body: unknown): Promise<Config> {
    const data = parseOrThrow(ConfigInput, body);
    await this.ds.transaction(async (m) => {
      await m.getRepository(ShopConfigEntity).save({ id: SINGLETON, data });
      await addEntityEventToOutbox(m, 'catalogue.config.updated', SINGLETON);
    });
    void this.relay.kick();
    return this.get();
  }
}
