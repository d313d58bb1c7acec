import type { Actor, Department, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase } from '../../test/identity-test-database.js';
import { departmentCrud } from './department.crud.js';
import { DepartmentEntity } from './department.entity.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [4] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('departments CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<DepartmentEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_departments'));
    crud = new CrudService(departmentCrud, ds, { kick: () => Promise.resolve() }) as CrudService<
      DepartmentEntity,
      unknown
    >;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<Department>;

  it('administrators only; found by identifier, which is unique (German, at the field)', async () => {
    const kitchen = await create({ identifier: 'kueche', name: 'Küche', branch: { id: 4 } });
    expect(kitchen).toMatchObject({ identifier: 'kueche', branch: { id: 4 } });
    expect(await crud.get(admin, { identifier: 'kueche' })).toMatchObject({ id: kitchen.id });
    await expect(attempt(() => crud.get(employee, { identifier: 'kueche' }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(attempt(() => crud.create(employee, { body: { identifier: 'x', name: 'X' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(create({ identifier: 'kueche', name: 'Zweite Küche' })).rejects.toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'identifier', message: 'Dieser Wert wird bereits verwendet.' }],
    });
    const moved = (await crud.update(admin, {
      id: kitchen.id,
      body: { identifier: 'kueche', name: 'Küche' },
    })) as Department;
    expect(moved.branch).toBeNull();
    expect((await ds.getRepository(DepartmentEntity).findOneByOrFail({ id: kitchen.id })).branchId).toBeNull();
  });

  it('lists the departments of a branch (?branch=)', async () => {
    const a = await create({ identifier: 'service-5', name: 'Service', branch: { id: 5 } });
    await create({ identifier: 'service-6', name: 'Service', branch: { id: 6 } });
    const ids = ((await crud.list(admin, { query: { branch: '5' } })) as ListReply<Department>).items.map((d) => d.id);
    expect(ids).toEqual([a.id]);
  });

  it('a department a user belongs to is not deleted (409 in German); an empty one is', async () => {
    const used = await create({ identifier: 'lager', name: 'Lager' });
    await addUser(ds, { departmentId: used.id });
    await expect(crud.delete(admin, { id: used.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Abteilung wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    const empty = await create({ identifier: 'leer', name: 'Leer' });
    await crud.delete(admin, { id: empty.id });
    expect(await ds.getRepository(DepartmentEntity).existsBy({ id: empty.id })).toBe(false);
    expect(await ds.getRepository(DepartmentEntity).existsBy({ id: used.id })).toBe(true);
  });
});
