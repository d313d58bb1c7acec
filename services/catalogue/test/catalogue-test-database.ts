import type { Actor } from '@shop/contracts';
import { dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { catalogueDatabase } from '../src/database/data-source.js';

/**
 * A throwaway database for one spec file with the catalogue schema built by its committed migrations, for unit
 * specs of the catalogue service's resources and use cases against real Postgres.
 */
export async function catalogueTestDatabase(
  label: string,
): Promise<{ db: TestDatabase; ds: DataSource; close(): Promise<void> }> {
  const db = await createTestDatabase(label);
  await migrate(catalogueDatabase(db.url));
  const ds = await new DataSource(dataSourceOptions({ ...catalogueDatabase(db.url), poolSize: 4 })).initialize();
  return {
    db,
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
}

/** An outbox relay that is not under test. */
export const idleRelay = { kick: () => Promise.resolve() };

export const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
/** an employee of the given branches */
export const employeeOf = (...branches: number[]): Actor => ({
  id: 2,
  username: 'emp',
  roles: ['ROLE_EMPLOYEE'],
  branches,
});

/** The rules `create` checks before anything is written are thrown synchronously: caught here as a rejection. */
export const attempt = (fn: () => unknown): Promise<unknown> => Promise.resolve().then(fn);
