import { verify } from '@node-rs/argon2';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase } from '../../test/identity-test-database.js';
import { UserEntity } from '../users/user.entity.js';
import { createFirstAdmin } from './first-admin.js';

describe('createFirstAdmin (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ds, close } = await identityTestDatabase('identity_first_admin')));
  afterAll(() => close());

  it('creates the first administrator from the secret, once; later starts change nothing and read no secret', async () => {
    const employee = await addUser(ds, { isLocked: true });
    await expect(createFirstAdmin(ds, 'chefin', async () => null)).rejects.toThrow(/ADMIN_PASSWORD_FILE/);
    await expect(createFirstAdmin(ds, 'chefin', async () => 'kurz')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(createFirstAdmin(ds, 'Chefin', async () => 'ein-langes-geheimnis')).resolves.toBe('created');
    const admin = await ds.getRepository(UserEntity).findOneByOrFail({ username: 'chefin' });
    expect(admin).toMatchObject({ roles: ['ROLE_ADMIN'], isEnabled: true, isLocked: false });
    expect(await verify(admin.passwordHash, 'ein-langes-geheimnis')).toBe(true);

    // the administrator changes the password, gets locked by another one: a restart keeps all of it
    await ds.getRepository(UserEntity).update({ id: admin.id }, { isLocked: true, passwordHash: 'geändert' });
    let secretRead = false;
    const secret = async () => ((secretRead = true), 'ein-anderes-geheimnis');
    await expect(createFirstAdmin(ds, 'chefin', secret)).resolves.toBe('exists');
    expect(secretRead).toBe(false);
    expect(await ds.getRepository(UserEntity).findOneByOrFail({ id: admin.id })).toMatchObject({
      isLocked: true,
      passwordHash: 'geändert',
    });
    expect(await ds.getRepository(UserEntity).findOneByOrFail({ id: employee.id })).toMatchObject({ isLocked: true });
    expect(await ds.getRepository(UserEntity).count()).toBe(2);
  });
});
