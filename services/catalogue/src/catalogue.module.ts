import { Module } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceRoot } from '@shop/server';
import type { CatalogueConfig } from './config/catalogue-config.js';
import { BranchScreenKeyController } from './branches/branch-screen-key.controller.js';
import { crudControllers, crudProviders } from './crud.providers.js';
import { catalogueDatabase } from './database/data-source.js';
import { InitController } from './init/init.controller.js';
import { OrderContextController } from './order-context/order-context.controller.js';
import { ShopConfigController } from './shop-config/shop-config.controller.js';
import { ShopConfigService } from './shop-config/shop-config.service.js';

/** The catalogue service: config, divisions, branches, menus, categories, tags, products, tables, donatees. */
@Module({})
export class CatalogueModule extends ServiceRoot<CatalogueConfig>({
  core: { name: 'catalogue', database: catalogueDatabase, streams: [STREAMS.catalogue] },
  controllers: [
    ...crudControllers,
    ShopConfigController,
    InitController,
    OrderContextController,
    BranchScreenKeyController,
  ],
  providers: [...crudProviders, ShopConfigService],
}) {}
