import type { Actor, Customer, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { identityTestDatabase } from '../../test/identity-test-database.js';
import { customerCrud } from './customer.crud.js';
import { CustomerEntity } from './customer.entity.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'], branches: [4] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('customers CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<CustomerEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_customers'));
    crud = new CrudService(customerCrud, ds, { kick: () => Promise.resolve() }) as CrudService<CustomerEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<Customer>;

  it('administrators only, for every verb (a branch manager of the branch included)', async () => {
    const customer = await create({ lastName: 'Huber', branch: { id: 4 } });
    await expect(attempt(() => crud.list(employee, { query: {} }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.get(employee, { id: customer.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.create(employee, { body: { lastName: 'X' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.update(employee, { id: customer.id, body: { lastName: 'X' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.delete(employee, { id: customer.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await ds.getRepository(CustomerEntity).findOneByOrFail({ id: customer.id })).toMatchObject({
      lastName: 'Huber',
      branchId: 4,
    });
  });

  it('keeps the branch as an id, shows a display name, and needs a name or a company (German, at lastName)', async () => {
    const firm = await create({
      companyName: 'Bäckerei Gruber',
      firstName: 'Anna',
      lastName: 'Gruber',
      branch: { id: 7 },
    });
    expect(firm).toMatchObject({ branch: { id: 7 }, displayName: 'Bäckerei Gruber, Anna Gruber', country: 'AT' });
    expect((await ds.getRepository(CustomerEntity).findOneByOrFail({ id: firm.id })).branchId).toBe(7);
    const moved = (await crud.update(admin, { id: firm.id, body: { companyName: 'Bäckerei Gruber' } })) as Customer;
    expect(moved).toMatchObject({ branch: null, firstName: null, displayName: 'Bäckerei Gruber' });
    expect((await ds.getRepository(CustomerEntity).findOneByOrFail({ id: firm.id })).branchId).toBeNull();
    await expect(attempt(() => create({ email: 'a@b.at' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'lastName', message: 'Dieser Wert sollte nicht leer sein.' }],
    });
  });

  it('filters by branch and by state; searches name, company, e-mail and city', async () => {
    const a = await create({ lastName: 'Filter-Anger', branch: { id: 11 }, city: 'Wien' });
    const b = await create({
      lastName: 'Filter-Berger',
      branch: { id: 11 },
      isEnabled: false,
      email: 'berger@example.at',
    });
    const c = await create({ lastName: 'Filter-Czerny', branch: { id: 12 } });
    const ids = async (query: Record<string, string>) =>
      ((await crud.list(admin, { query })) as ListReply<Customer>).items.map((x) => x.id);
    expect(await ids({ branch: '11' })).toEqual([a.id, b.id]);
    expect(await ids({ branch: '11', isEnabled: 'false' })).toEqual([b.id]);
    expect(await ids({ search: 'Filter', isEnabled: 'true' })).toEqual([a.id, c.id]);
    expect(await ids({ search: 'berger@example' })).toEqual([b.id]);
    expect(await ids({ search: 'Wien' })).toEqual([a.id]);
  });
});
