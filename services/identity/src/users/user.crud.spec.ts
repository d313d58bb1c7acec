import { verify } from '@node-rs/argon2';
import type { Actor } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase } from '../../test/identity-test-database.js';
import { LoginAttemptEntity } from '../auth/login-attempt.entity.js';
import { userCrud } from './user.crud.js';
import { UserEntity } from './user.entity.js';

const employee: Actor = { id: 999, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [] };
const body = (o: Record<string, unknown> = {}) => ({
  username: 'Neue.Kollegin',
  roles: ['ROLE_EMPLOYEE'],
  password: 'ein-langes-passwort',
  ...o,
});

describe('users CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<UserEntity, never>;
  let admin: Actor;
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_users'));
    crud = new CrudService(userCrud as never, ds, { kick: async () => undefined });
    const me = await addUser(ds, { roles: ['ROLE_ADMIN'] });
    admin = { id: me.id, username: me.username, roles: ['ROLE_ADMIN'], branches: [] };
  });
  afterAll(() => close());

  it('administrators only; usernames are lowercased and unique; a new user needs a password', async () => {
    // the rules are checked before anything is written, synchronously
    await expect(async () => crud.create(employee, { body: body() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.create(admin, { body: body({ password: undefined }) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password' }],
    });
    const created = (await crud.create(admin, { body: body() })) as { id: number; username: string };
    expect(created.username).toBe('neue.kollegin');
    expect(created).not.toHaveProperty('passwordHash');
    const stored = await ds.getRepository(UserEntity).findOneByOrFail({ id: created.id });
    expect(await verify(stored.passwordHash, 'ein-langes-passwort')).toBe(true);
    await expect(crud.create(admin, { body: body({ username: 'NEUE.kollegin' }) })).rejects.toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'username' }],
    });
    // a common (breached) password is refused, however long, on create and on update
    for (const password of ['password123', 'Qwertyuiop', '1234567890']) {
      await expect(crud.create(admin, { body: body({ username: 'x-' + password, password }) })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'password',
            message:
              'Dieses Passwort ist weit verbreitet und steht in Listen geknackter Passwörter. Bitte wählen Sie ein anderes.',
          },
        ],
      });
    }
    await expect(crud.update(admin, { id: created.id, body: body({ password: 'iloveyou12' }) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password' }],
    });
    // an update without a password keeps it
    await crud.update(admin, { id: created.id, body: body({ password: undefined, firstName: 'Eva' }) });
    const kept = await ds.getRepository(UserEntity).findOneByOrFail({ id: created.id });
    expect(kept).toMatchObject({ firstName: 'Eva', passwordHash: stored.passwordHash });
  });

  it("accepts the branch-manager role ('Filialleitung', issue 19) together with the employee role only", async () => {
    const roles = ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'];
    const manager = (await crud.create(admin, {
      body: body({ username: 'filialleitung', roles, branches: [{ id: 4 }] }),
    })) as { id: number; roles: string[]; branches: unknown[] };
    expect(manager).toMatchObject({ roles, branches: [{ id: 4 }] });
    expect((await ds.getRepository(UserEntity).findOneByOrFail({ id: manager.id })).roles).toEqual(roles);
    await expect(
      crud.create(admin, { body: body({ username: 'nur-leitung', roles: ['ROLE_BRANCH_MANAGER'] }) }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'roles', message: 'Die Rolle Filialleitung setzt die Rolle Mitarbeiter voraus.' }],
    });
    await expect(async () =>
      crud.create(admin, { body: body({ username: 'unbekannt', roles: ['ROLE_MANAGER'] }) }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'roles.0' }] });
  });

  it("an administrator grants the content permission ('Website-Redaktion', issue 42) to an employee; an employee cannot", async () => {
    const editor = (await crud.create(admin, {
      body: body({ username: 'redaktion', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 4 }] }),
    })) as { id: number };
    const granted = { username: 'redaktion', roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'], branches: [{ id: 4 }] };
    expect(await crud.update(admin, { id: editor.id, body: body(granted) })).toMatchObject({
      roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'],
    });
    expect((await ds.getRepository(UserEntity).findOneByOrFail({ id: editor.id })).roles).toContain(
      'ROLE_CONTENT_EDITOR',
    );
    await expect(
      crud.create(admin, { body: body({ username: 'nur-redaktion', roles: ['ROLE_CONTENT_EDITOR'] }) }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'roles', message: 'Die Rolle Website-Redaktion setzt die Rolle Mitarbeiter voraus.' }],
    });
    // only administrators write users, so no employee gives themselves the permission
    await expect(async () =>
      crud.create(employee, { body: body({ ...granted, username: 'selbst-ernannt' }) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("an administrator grants the privacy permission ('Datenschutz', issue 44) to an employee only", async () => {
    const granted = { username: 'datenschutz', roles: ['ROLE_EMPLOYEE', 'ROLE_PRIVACY'] };
    expect(await crud.create(admin, { body: body(granted) })).toMatchObject({
      roles: ['ROLE_EMPLOYEE', 'ROLE_PRIVACY'],
    });
    await expect(
      crud.create(admin, { body: body({ username: 'nur-datenschutz', roles: ['ROLE_PRIVACY'] }) }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'roles', message: 'Die Rolle Datenschutz setzt die Rolle Mitarbeiter voraus.' }],
    });
    await expect(async () =>
      crud.create(employee, { body: body({ ...granted, username: 'selbst-datenschutz' }) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a branch manager reads the staff of their branches only and writes no user (issue 19)', async () => {
    const colleague = (await crud.create(admin, {
      body: body({ username: 'kollege-41', branches: [{ id: 41 }] }),
    })) as { id: number };
    const stranger = (await crud.create(admin, {
      body: body({ username: 'fremd-42', branches: [{ id: 42 }] }),
    })) as { id: number };
    const lead: Actor = { id: 998, username: 'lead', roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'], branches: [41] };
    const seen = (await crud.list(lead, { query: { perPage: '500' } })) as { items: Array<{ id: number }> };
    expect(seen.items.map((u) => u.id)).toEqual([colleague.id]);
    expect(await crud.get(lead, { id: colleague.id })).toMatchObject({ username: 'kollege-41' });
    await expect(crud.get(lead, { id: stranger.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(async () =>
      crud.update(lead, { id: colleague.id, body: body({ username: 'kollege-41' }) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(async () => crud.list(employee, { query: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an administrator cannot shut themselves out: no deleting, locking, disabling or demoting their own account', async () => {
    const self = { username: admin.username, roles: ['ROLE_ADMIN'] };
    for (const change of [{ isLocked: true }, { isEnabled: false }, { roles: ['ROLE_EMPLOYEE'] }]) {
      await expect(crud.update(admin, { id: admin.id, body: { ...self, ...change } })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    }
    await expect(crud.delete(admin, { id: admin.id })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('unlocking a locked user (isLocked true → false) also ends the lockouts after failed logins', async () => {
    const user = await addUser(ds, { isLocked: true });
    await ds.getRepository(LoginAttemptEntity).save({
      username: user.username,
      client: '10.0.0.9',
      failures: 0,
      lockouts: 1,
      lockedUntil: new Date(Date.now() + 15 * 60_000),
    });
    const before = (await crud.get(admin, { id: user.id })) as { lockedUntil: string | null };
    expect(before.lockedUntil).not.toBeNull();
    const after = (await crud.update(admin, {
      id: user.id,
      body: { username: user.username, roles: user.roles, isLocked: false },
    })) as { isLocked: boolean; lockedUntil: string | null };
    expect(after).toMatchObject({ isLocked: false, lockedUntil: null });
    expect(await ds.getRepository(LoginAttemptEntity).countBy({ username: user.username })).toBe(0);
  });
});
