import type { Actor, ExternalUser, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { identityTestDatabase } from '../../test/identity-test-database.js';
import { externalUserCrud } from './external-user.crud.js';
import { ExternalUserEntity } from './external-user.entity.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [4] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('external users CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<ExternalUserEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_external'));
    crud = new CrudService(externalUserCrud, ds, { kick: () => Promise.resolve() }) as CrudService<
      ExternalUserEntity,
      unknown
    >;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<ExternalUser>;

  it('administrators only', async () => {
    const x = await create({ username: 'lieferant' });
    await expect(attempt(() => crud.list(employee, { query: {} }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.create(employee, { body: { username: 'andere' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.update(employee, { id: x.id, body: { username: 'umbenannt' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.delete(employee, { id: x.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await ds.getRepository(ExternalUserEntity).findOneByOrFail({ id: x.id })).username).toBe('lieferant');
  });

  it('usernames are lowercased and unique whatever their case; the expiry is kept as a date', async () => {
    const created = await create({
      username: 'Max.Partner@Firma',
      firstName: 'Max',
      lastName: 'Partner',
      expiresAt: '2027-03-31T22:00:00+02:00',
    });
    expect(created).toMatchObject({
      username: 'max.partner@firma',
      displayName: 'Max Partner',
      expiresAt: '2027-03-31T20:00:00.000Z',
    });
    await expect(create({ username: 'MAX.PARTNER@firma' })).rejects.toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'username', message: 'Dieser Wert wird bereits verwendet.' }],
    });
    const cleared = (await crud.update(admin, {
      id: created.id,
      body: { username: 'max.partner@firma', expiresAt: null },
    })) as ExternalUser;
    expect(cleared).toMatchObject({ expiresAt: null, firstName: null, displayName: 'max.partner@firma' });
    expect((await ds.getRepository(ExternalUserEntity).findOneByOrFail({ id: created.id })).expiresAt).toBeNull();
    await expect(attempt(() => create({ username: 'mit leerzeichen' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'username', message: 'Der Benutzername darf nur Buchstaben, Ziffern sowie . _ @ - enthalten.' },
      ],
    });
  });

  it('filters by state', async () => {
    const on = await create({ username: 'filter-aktiv' });
    const off = await create({ username: 'filter-inaktiv', isEnabled: false });
    const ids = async (query: Record<string, string>) =>
      ((await crud.list(admin, { query })) as ListReply<ExternalUser>).items.map((x) => x.id);
    expect(await ids({ search: 'filter-', isEnabled: 'false' })).toEqual([off.id]);
    expect(await ids({ search: 'filter-', isEnabled: 'true' })).toEqual([on.id]);
  });
});
