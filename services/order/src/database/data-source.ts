import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadOrderConfig } from '../config/order-config.js';
import { ORDER_ENTITIES, ORDER_SCHEMA } from '../order.entities.js';
import { ORDER_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const orderDatabase = (url = loadOrderConfig().DATABASE_URL) => ({
  url,
  schema: ORDER_SCHEMA,
  entities: [OutboxEntity, ...ORDER_ENTITIES],
  migrations: ORDER_MIGRATIONS,
});
