import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadSignageConfig } from '../config/signage-config.js';
import { SIGNAGE_ENTITIES, SIGNAGE_SCHEMA } from '../signage.entities.js';
import { SIGNAGE_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const signageDatabase = (url = loadSignageConfig().DATABASE_URL) => ({
  url,
  schema: SIGNAGE_SCHEMA,
  entities: [OutboxEntity, ...SIGNAGE_ENTITIES],
  migrations: SIGNAGE_MIGRATIONS,
});
