import { dataSourceOptions, migrate } from '@shop/server';
import { openTestDatabase, type OpenTestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { loadIdentityConfig, type IdentityConfig } from '../src/config/identity-config.js';
import { identityDatabase } from '../src/database/data-source.js';
import { hashPassword } from '../src/users/user.crud.js';
import { UserEntity } from '../src/users/user.entity.js';

/**
 * A throwaway database for one spec file with the identity schema built by its committed migrations, for unit
 * specs of the identity service's use cases against real Postgres.
 */
export const identityTestDatabase = (label: string): Promise<OpenTestDatabase<DataSource>> =>
  openTestDatabase(label, async (url) => {
    await migrate(identityDatabase(url));
    return new DataSource(dataSourceOptions({ ...identityDatabase(url), poolSize: 30 })).initialize();
  });

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
