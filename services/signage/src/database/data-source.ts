import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadSignageConfig } from '../config/signage-config.js';
import { SIGNAGE_ENTITIES, SIGNAGE_SCHEMA } from '../signage.entities.js';
import { SIGNAGE_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const signageDatabase = (url = loadSignageConfig().DATABASE_URL) => ({
  url,
  schema: SIGNAGE_SCHEMA,
  entities: [OutboxEntity, ...SIGNAGE_ENTITIES],
  migrations: SIGNAGE_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(signageDatabase()));
