import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { InitResource, InitSnapshot } from '@shop/contracts';
import { OutboxEntity, type AnyCrudService, Rpc, type RpcMessage } from '@shop/server';
import { DataSource } from 'typeorm';
import { crudToken, type CatalogueResource } from '../crud.providers.js';
import { ShopConfigService } from '../shop-config/shop-config.service.js';

const INIT_RESOURCES = [
  'divisions',
  'branches',
  'menus',
  'categories',
  'products',
  'tags',
  'tables',
  'donatees',
] as const satisfies readonly InitResource[];

/** The catalogue part of GET /api/init in one reply: public entities for visitors, all for staff. */
@Controller()
export class InitController {
  private readonly cruds: Record<CatalogueResource, AnyCrudService>;

  constructor(
    private readonly ds: DataSource,
    private readonly config: ShopConfigService,
    @Inject(crudToken('divisions')) divisions: AnyCrudService,
    @Inject(crudToken('branches')) branches: AnyCrudService,
    @Inject(crudToken('menus')) menus: AnyCrudService,
    @Inject(crudToken('categories')) categories: AnyCrudService,
    @Inject(crudToken('products')) products: AnyCrudService,
    @Inject(crudToken('tags')) tags: AnyCrudService,
    @Inject(crudToken('tables')) tables: AnyCrudService,
    @Inject(crudToken('donatees')) donatees: AnyCrudService,
  ) {
    this.cruds = { divisions, branches, menus, categories, products, tags, tables, donatees };
  }

  @Rpc('catalogue.init.snapshot')
  async snapshot(@Payload() m: RpcMessage<'catalogue.init.snapshot'>): Promise<InitSnapshot> {
    // read the version first: a write landing during the reads makes the snapshot look older, never newer
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- MAX() always yields one row
    const { max } = (await this.ds
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .select('COALESCE(MAX(o.id), 0)::text', 'max')
      .getRawOne<{ max: string }>())!;
    const lists = await Promise.all(INIT_RESOURCES.map((r) => this.cruds[r].list(m.actor, { query: {} })));
    const config = await this.config.get();
    // the CRUD services are type-erased (one provider type for every resource); each list is its resource's entities
    const entities = Object.fromEntries(INIT_RESOURCES.map((r, i) => [r, lists[i].items]));
    return { version: String(max), config, ...entities } as InitSnapshot;
  }

  @Rpc('catalogue.branch.menus')
  branchMenus(@Payload() m: RpcMessage<'catalogue.branch.menus'>) {
    return this.cruds.menus.list(m.actor, { query: { branch: m.payload.id } }).then((r) => r.items);
  }
}
