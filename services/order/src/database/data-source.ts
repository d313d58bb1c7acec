import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadOrderConfig } from '../config/order-config.js';
import { ORDER_ENTITIES, ORDER_SCHEMA } from '../order.entities.js';
import { ORDER_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const orderDatabase = (url = loadOrderConfig().DATABASE_URL) => ({
  url,
  schema: ORDER_SCHEMA,
  entities: [OutboxEntity, ...ORDER_ENTITIES],
  migrations: ORDER_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(orderDatabase()));
