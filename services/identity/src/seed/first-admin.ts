import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { userCrud } from '../users/user.crud.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A production start's only write to the users: the first administrator, from a secret, when the database has
 * no administrator at all. Existing users are never touched (no password reset, no unlock, no re-enabling), so
 * a restart of the containers changes nothing; the secret is read only when it is needed. The password goes
 * through the API's validation (422 field errors become the thrown DomainException).
 */
export async function createFirstAdmin(
  ds: DataSource,
  username: string,
  readPassword: () => Promise<string | null>,
): Promise<'created' | 'exists'> {
  const exists = await ds
    .getRepository(UserEntity)
    .createQueryBuilder('u')
    .where(`'ROLE_ADMIN' = ANY(u.roles)`)
    .getExists();
  if (exists) return 'exists';
  const password = await readPassword();
  if (!password) throw new Error('There is no administrator yet: give the first one a password (ADMIN_PASSWORD_FILE).');
  const crud = new CrudService(userCrud, ds, { kick: () => Promise.resolve() });
  await crud.saveForService({ body: { username, password, roles: ['ROLE_ADMIN'] } });
  return 'created';
}
