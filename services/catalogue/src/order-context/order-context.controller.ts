import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Branch, Category, Menu, OrderContext, Product, Table } from '@shop/contracts';
import { CONFIG, type AnyCrudService, requireService, Rpc, type RpcMessage } from '@shop/server';
import type { CatalogueConfig } from '../config/catalogue-config.js';
import { crudToken } from '../crud.providers.js';
import { ShopConfigService } from '../shop-config/shop-config.service.js';

/** Everything the order service needs about one branch to validate and price its orders, in one reply. */
@Controller()
export class OrderContextController {
  constructor(
    private readonly config: ShopConfigService,
    @Inject(CONFIG) private readonly settings: CatalogueConfig,
    @Inject(crudToken('branches')) private readonly branches: AnyCrudService,
    @Inject(crudToken('menus')) private readonly menus: AnyCrudService,
    @Inject(crudToken('categories')) private readonly categories: AnyCrudService,
    @Inject(crudToken('products')) private readonly products: AnyCrudService,
    @Inject(crudToken('tables')) private readonly tables: AnyCrudService,
  ) {}

  /**
   * Only the order and signage services ask (signed service identity): the order service needs the branch's API key
   * and unavailable products too; signage its opening hours (a screen's default power schedule) and the menu board.
   */
  @Rpc('catalogue.order.context')
  async context(@Payload() m: RpcMessage<'catalogue.order.context'>): Promise<OrderContext | null> {
    requireService(m.caller, 'catalogue.order.context', this.settings.SERVICE_SECRET, ['order', 'signage']);
    const branch = (await this.branches.getForService({ id: m.payload.branchId })) as Branch | null;
    if (!branch) return null;
    const menus = (await this.menus.listForService({ query: { branch: branch.id } })).items as Menu[];
    const productIds = new Set(
      menus.flatMap((menu) => menu.catalog.categories.flatMap((c) => c.products.map((p) => p.id))),
    );
    const [config, categories, products, tables] = await Promise.all([
      this.config.get(),
      this.categories.listForService({ query: {} }),
      this.products.listForService({ query: {} }),
      this.tables.listForService({ query: { branch: branch.id } }),
    ]);
    return {
      branch,
      config,
      menus,
      categories: categories.items as Category[],
      products: (products.items as Product[]).filter((p) => productIds.has(p.id)),
      tables: tables.items as Table[],
    };
  }
}
