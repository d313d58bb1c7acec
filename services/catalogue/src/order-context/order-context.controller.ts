import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type Actor, type Branch, type Category, type Menu, type OrderContext, type Product, type RpcEnvelope, type RpcMap, type Table } from '@shop/contracts';
import { CrudService, DomainException } from '@shop/server';
import { crudToken } from '../crud.providers.js';
import { ShopConfigService } from '../shop-config/shop-config.service.js';

/** The order service reads with staff rights (it needs the branch's API key and unavailable products too). */
const ORDER_SERVICE: Actor = { id: 0, username: 'order-service', roles: ['ROLE_ADMIN'], branches: [] };

/** Everything the order service needs about one branch to validate and price its orders, in one reply. */
@Controller()
export class OrderContextController {
  constructor(
    private readonly config: ShopConfigService,
    @Inject(crudToken('branches')) private readonly branches: CrudService<any, any>,
    @Inject(crudToken('menus')) private readonly menus: CrudService<any, any>,
    @Inject(crudToken('categories')) private readonly categories: CrudService<any, any>,
    @Inject(crudToken('products')) private readonly products: CrudService<any, any>,
    @Inject(crudToken('tables')) private readonly tables: CrudService<any, any>,
  ) {}

  @MessagePattern(SUBJECTS.catalogue.orderContext)
  async context(@Payload() m: RpcEnvelope<RpcMap['catalogue.order.context']['req']>): Promise<OrderContext | null> {
    let branch: Branch;
    try {
      branch = (await this.branches.get(ORDER_SERVICE, { id: m.payload.branchId })) as Branch;
    } catch (err) {
      if (err instanceof DomainException && err.code === 'NOT_FOUND') return null;
      throw err;
    }
    const menus = (await this.menus.list(ORDER_SERVICE, { query: { branch: branch.id } })).items as Menu[];
    const productIds = new Set(menus.flatMap((menu) => menu.catalog.categories.flatMap((c) => c.products.map((p) => p.id))));
    const [config, categories, products, tables] = await Promise.all([
      this.config.get(),
      this.categories.list(ORDER_SERVICE, { query: {} }),
      this.products.list(ORDER_SERVICE, { query: {} }),
      this.tables.list(ORDER_SERVICE, { query: { branch: branch.id } }),
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
