#!/usr/bin/env node
// Applies every service's committed migrations to its own schema (idempotent).
import { migrate } from '@shop/server';

/** The services that own a schema, in the order their migrations run. */
export const DATABASE_SERVICES = [
  'catalogue',
  'identity',
  'order',
  'content',
  'payment',
  'statistics',
  'time-tracking',
  'signage',
];

/**
 * A service's database (its built dist/database/data-source.js, e.g. `timeTrackingDatabase`): with a URL given, it
 * reads no other setting, so no secret of the service is needed.
 */
export async function serviceDatabase(name, url = process.env.DATABASE_URL) {
  if (!DATABASE_SERVICES.includes(name))
    throw new Error(`unknown service "${name}" (one of: ${DATABASE_SERVICES.join(', ')})`);
  const factory = `${name.replace(/-(\w)/g, (_, c) => c.toUpperCase())}Database`;
  const module = await import(`../services/${name}/dist/database/data-source.js`);
  return module[factory](url);
}

export async function migrateAll(url = process.env.DATABASE_URL) {
  const result = {};
  for (const name of DATABASE_SERVICES) result[name] = await migrate(await serviceDatabase(name, url));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const applied = await migrateAll();
  for (const [name, list] of Object.entries(applied))
    console.log(`${name}: ${list.length ? list.join(', ') : 'up to date'}`);
}
