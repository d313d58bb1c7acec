import 'reflect-metadata';
import { OutboxEntity } from '@shop/server';
import { loadPaymentConfig } from '../config/payment-config.js';
import { PAYMENT_ENTITIES, PAYMENT_SCHEMA } from '../payment.entities.js';
import { PAYMENT_MIGRATIONS } from './migrations/index.js';

/** What scripts/migrate.mjs and the seeds connect with (a URL given: no other setting is read). */
export const paymentDatabase = (url = loadPaymentConfig().DATABASE_URL) => ({
  url,
  schema: PAYMENT_SCHEMA,
  entities: [OutboxEntity, ...PAYMENT_ENTITIES],
  migrations: PAYMENT_MIGRATIONS,
});
