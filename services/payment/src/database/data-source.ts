import 'reflect-metadata';
import { dataSourceOptions, OutboxEntity } from '@shop/server';
import { DataSource } from 'typeorm';
import { loadPaymentConfig } from '../config/payment-config.js';
import { PAYMENT_ENTITIES, PAYMENT_SCHEMA } from '../payment.entities.js';
import { PAYMENT_MIGRATIONS } from './migrations/index.js';

/** For the TypeORM CLI (migration:generate) and scripts/migrate.mjs. */
export const paymentDatabase = (url = loadPaymentConfig().DATABASE_URL) => ({
  url,
  schema: PAYMENT_SCHEMA,
  entities: [OutboxEntity, ...PAYMENT_ENTITIES],
  migrations: PAYMENT_MIGRATIONS,
});
export default new DataSource(dataSourceOptions(paymentDatabase()));
