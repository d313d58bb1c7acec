import { dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { loadIdentityConfig, type IdentityConfig } from '../src/config/identity-config.js';
import { identityDatabase } from '../src/database/data-source.js';
import { hashPassword } from '../src/users/user.crud.js';
import { UserEntity } from '../src/users/user.entity.js';

/**
 * A throwaway database for one spec file with the identity schema built by its committed migrations, for unit
 * specs of the identity service's use cases against real Postgres.
 */
export async function identityTestDatabase(
  label: string,
): Promise<{ db: TestDatabase; ds: DataSource; close(): Promise<void> }> {
  const db = await createTestDatabase(label);
  await migrate(identityDatabase(db.url));
  const ds = await new DataSource(dataSourceOptions({ ...identityDatabase(db.url), poolSize: 30 })).initialize();
  return {
    db,
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
}

/** The identity settings with the defaults, some overridden. */
export const testIdentityConfig = (o: Record<string, string> = {}): IdentityConfig =>
  loadIdentityConfig({ DATABASE_URL: 'postgres://unused', ...o });

/** A user with a password (argon2id, as stored by the API). */
export async function addUser(
  ds: DataSource,
  o: Partial<UserEntity> & { password?: string } = {},
): Promise<UserEntity> {
  const { password = 'richtiges-passwort', ...fields } = o;
  return ds.getRepository(UserEntity).save({
    username: `user-${Math.random().toString(36).slice(2, 10)}`,
    email: null,
    firstName: null,
    lastName: null,
    roles: ['ROLE_EMPLOYEE'],
    branches: [],
    departmentId: null,
    isEnabled: true,
    isLocked: false,
    expiresAt: null,
    passwordHash: await hashPassword(password),
    ...fields,
  });
}
