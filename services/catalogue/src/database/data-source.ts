import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { CATALOGUE_ENTITIES, CATALOGUE_SCHEMA } from '../catalogue.entities.js';
import { loadCatalogueConfig } from '../config/catalogue-config.js';
import { CATALOGUE_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const catalogueDatabase = (url = loadCatalogueConfig().DATABASE_URL) => ({
  url,
  schema: CATALOGUE_SCHEMA,
  entities: [OutboxEntity, ...CATALOGUE_ENTITIES],
  migrations: CATALOGUE_MIGRATIONS,
});
