import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadContentConfig } from '../config/content-config.js';
import { CONTENT_ENTITIES, CONTENT_SCHEMA } from '../content.entities.js';
import { CONTENT_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const contentDatabase = (url = loadContentConfig().DATABASE_URL) => ({
  url,
  schema: CONTENT_SCHEMA,
  entities: [OutboxEntity, ...CONTENT_ENTITIES],
  migrations: CONTENT_MIGRATIONS,
});
