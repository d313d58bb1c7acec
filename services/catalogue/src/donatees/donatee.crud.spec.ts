import type { Donatee, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { donateeCrud } from './donatee.crud.js';
import { DonateeEntity } from './donatee.entity.js';

describe('donatees CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<DonateeEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_donatees'));
    crud = new CrudService(donateeCrud, ds, idleRelay) as CrudService<DonateeEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<Donatee>;

  it('visitors see enabled donatees only; staff see all', async () => {
    const on = await create({ identifier: 'tafel', name: 'Tafel' });
    const off = await create({ identifier: 'alt', name: 'Alter Verein', isEnabled: false });
    const ids = async (actor: Parameters<typeof crud.list>[0]) =>
      ((await crud.list(actor, { query: {} })) as ListReply<Donatee>).items.map((d) => d.id);
    expect(await ids(null)).toEqual([on.id]);
    await expect(crud.get(null, { identifier: 'alt' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      errors: [{ message: 'Spendenempfänger wurde nicht gefunden.' }],
    });
    expect(await ids(employeeOf(1))).toEqual([off.id, on.id]);
  });

  it('only administrators write; the identifier is unique; the website must be a URL (German)', async () => {
    const body = { identifier: 'hilfswerk', name: 'Hilfswerk' };
    await expect(attempt(() => crud.create(employeeOf(1), { body }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const created = await create(body);
    await expect(crud.delete(employeeOf(1), { id: created.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(create(body)).rejects.toMatchObject({ code: 'DUPLICATE', errors: [{ field: 'identifier' }] });
    await expect(attempt(() => create({ ...body, identifier: 'x', website: 'kein-link' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'website', message: 'Dieser Wert ist keine gültige URL.' }],
    });
    expect(await ds.getRepository(DonateeEntity).countBy({ identifier: 'hilfswerk' })).toBe(1);
  });
});
