import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadContentConfig } from '../config/content-config.js';
import { CONTENT_ENTITIES, CONTENT_SCHEMA } from '../content.entities.js';
import { CONTENT_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const contentDatabase = (url = loadContentConfig().DATABASE_URL) => ({
  url,
  schema: CONTENT_SCHEMA,
  entities: [OutboxEntity, ...CONTENT_ENTITIES],
  migrations: CONTENT_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(contentDatabase()));
