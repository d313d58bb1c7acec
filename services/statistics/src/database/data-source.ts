import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadStatisticsConfig } from '../config/statistics-config.js';
import { STATISTICS_ENTITIES, STATISTICS_SCHEMA } from '../statistics.entities.js';
import { STATISTICS_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const statisticsDatabase = (url = loadStatisticsConfig().DATABASE_URL) => ({
  url,
  schema: STATISTICS_SCHEMA,
  entities: [OutboxEntity, ...STATISTICS_ENTITIES],
  migrations: STATISTICS_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(statisticsDatabase()));
