import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadIdentityConfig } from '../config/identity-config.js';
import { IDENTITY_ENTITIES, IDENTITY_SCHEMA } from '../identity.entities.js';
import { IDENTITY_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const identityDatabase = (url = loadIdentityConfig().DATABASE_URL) => ({
  url,
  schema: IDENTITY_SCHEMA,
  entities: [OutboxEntity, ...IDENTITY_ENTITIES],
  migrations: IDENTITY_MIGRATIONS,
});
