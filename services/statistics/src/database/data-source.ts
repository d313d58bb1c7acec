import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadStatisticsConfig } from '../config/statistics-config.js';
import { STATISTICS_ENTITIES, STATISTICS_SCHEMA } from '../statistics.entities.js';
import { STATISTICS_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const statisticsDatabase = (url = loadStatisticsConfig().DATABASE_URL) => ({
  url,
  schema: STATISTICS_SCHEMA,
  entities: [OutboxEntity, ...STATISTICS_ENTITIES],
  migrations: STATISTICS_MIGRATIONS,
});
