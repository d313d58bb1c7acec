import { Module, type DynamicModule } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceCoreModule } from '@shop/server';
import { CATALOGUE_ENTITIES, CATALOGUE_SCHEMA } from './catalogue.entities.js';
import type { CatalogueConfig } from './config/catalogue-config.js';
import { BranchScreenKeyController } from './branches/branch-screen-key.controller.js';
import { crudControllers, crudProviders } from './crud.providers.js';
import { CATALOGUE_MIGRATIONS } from './database/migrations/index.js';
import { InitController } from './init/init.controller.js';
import { OrderContextController } from './order-context/order-context.controller.js';
import { ShopConfigController } from './shop-config/shop-config.controller.js';
import { ShopConfigService } from './shop-config/shop-config.service.js';

/** The catalogue service: config, divisions, branches, menus, categories, tags, products, tables, donatees. */
@Module({})
export class CatalogueModule {
  static forRoot(config: CatalogueConfig): DynamicModule {
    return {
      module: CatalogueModule,
      imports: [
        ServiceCoreModule.forService({
          name: 'catalogue',
          config,
          schema: CATALOGUE_SCHEMA,
          entities: CATALOGUE_ENTITIES,
          migrations: CATALOGUE_MIGRATIONS,
          streams: [STREAMS.catalogue],
        }),
      ],
      controllers: [
        ...crudControllers,
        ShopConfigController,
        InitController,
        OrderContextController,
        BranchScreenKeyController,
      ],
      providers: [...crudProviders, ShopConfigService],
    };
  }
}
