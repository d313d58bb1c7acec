import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadIdentityConfig } from '../config/identity-config.js';
import { IDENTITY_ENTITIES, IDENTITY_SCHEMA } from '../identity.entities.js';
import { IDENTITY_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const identityDatabase = (url = loadIdentityConfig().DATABASE_URL) => ({
  url,
  schema: IDENTITY_SCHEMA,
  entities: [OutboxEntity, ...IDENTITY_ENTITIES],
  migrations: IDENTITY_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(identityDatabase()));
