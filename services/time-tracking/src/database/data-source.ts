import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadTimeTrackingConfig } from '../config/time-tracking-config.js';
import { TIME_TRACKING_ENTITIES, TIME_TRACKING_SCHEMA } from '../time-tracking.entities.js';
import { TIME_TRACKING_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const timeTrackingDatabase = (url = loadTimeTrackingConfig().DATABASE_URL) => ({
  url,
  schema: TIME_TRACKING_SCHEMA,
  entities: [OutboxEntity, ...TIME_TRACKING_ENTITIES],
  migrations: TIME_TRACKING_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(timeTrackingDatabase()));
