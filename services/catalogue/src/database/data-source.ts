import 'reflect-metadata';
import { dataSourceOptions } from '@shop/server';
import { DataSource } from 'typeorm';
import { OutboxEntity } from '@shop/server';
import { CATALOGUE_ENTITIES, CATALOGUE_SCHEMA } from '../catalogue.entities.js';
import { loadCatalogueConfig } from '../config/catalogue-config.js';
import { CATALOGUE_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const catalogueDatabase = (url = loadCatalogueConfig().DATABASE_URL) => ({
  url,
  schema: CATALOGUE_SCHEMA,
  entities: [OutboxEntity, ...CATALOGUE_ENTITIES],
  migrations: CATALOGUE_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(catalogueDatabase()));
