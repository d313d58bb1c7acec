#!/usr/bin/env node
// Applies every service's committed migrations to its own schema (idempotent).
import { migrate } from '@shop/server';
import { catalogueDatabase } from '../services/catalogue/dist/database/data-source.js';
import { identityDatabase } from '../services/identity/dist/database/data-source.js';
import { orderDatabase } from '../services/order/dist/database/data-source.js';
import { contentDatabase } from '../services/content/dist/database/data-source.js';
import { paymentDatabase } from '../services/payment/dist/database/data-source.js';
import { statisticsDatabase } from '../services/statistics/dist/database/data-source.js';
import { timeTrackingDatabase } from '../services/time-tracking/dist/database/data-source.js';
import { signageDatabase } from '../services/signage/dist/database/data-source.js';

export async function migrateAll(url = process.env.DATABASE_URL) {
  const result = {};
  for (const [name, db] of [
    ['catalogue', catalogueDatabase(url)],
    ['identity', identityDatabase(url)],
    ['order', orderDatabase(url)],
    ['content', contentDatabase(url)],
    ['payment', paymentDatabase(url)],
    ['statistics', statisticsDatabase(url)],
    ['time-tracking', timeTrackingDatabase(url)],
    ['signage', signageDatabase(url)],
  ]) {
    result[name] = await migrate(db);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const applied = await migrateAll();
  for (const [name, list] of Object.entries(applied))
    console.log(`${name}: ${list.length ? list.join(', ') : 'up to date'}`);
}
