import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadTimeTrackingConfig } from '../config/time-tracking-config.js';
import { TIME_TRACKING_ENTITIES, TIME_TRACKING_SCHEMA } from '../time-tracking.entities.js';
import { TIME_TRACKING_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const timeTrackingDatabase = (url = loadTimeTrackingConfig().DATABASE_URL) => ({
  url,
  schema: TIME_TRACKING_SCHEMA,
  entities: [OutboxEntity, ...TIME_TRACKING_ENTITIES],
  migrations: TIME_TRACKING_MIGRATIONS,
});
