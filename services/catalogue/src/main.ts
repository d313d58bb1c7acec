import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { CatalogueModule } from './catalogue.module.js';
import { loadCatalogueConfig } from './config/catalogue-config.js';

const config = loadCatalogueConfig();
await bootstrapService('catalogue', CatalogueModule.forRoot(config), config, config.CATALOGUE_HEALTH_PORT);
