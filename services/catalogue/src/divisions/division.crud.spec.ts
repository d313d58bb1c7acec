import type { Division } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { BranchEntity } from '../branches/branch.entity.js';
import { branchCrud } from '../branches/branch.crud.js';
import { divisionCrud } from './division.crud.js';
import { DivisionEntity } from './division.entity.js';

describe('divisions CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<DivisionEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_divisions'));
    crud = new CrudService(divisionCrud, ds, idleRelay) as CrudService<DivisionEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<Division>;

  it('everyone reads, by id or identifier; only administrators write; the identifier is unique', async () => {
    const north = await create({ identifier: 'nord', name: 'Nord' });
    expect(await crud.get(null, { identifier: 'nord' })).toMatchObject({ id: north.id, name: 'Nord' });
    await expect(
      attempt(() => crud.create(employeeOf(1), { body: { identifier: 'x', name: 'X' } })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      crud.update(employeeOf(1), { id: north.id, body: { identifier: 'nord', name: 'X' } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(create({ identifier: 'nord', name: 'Noch einmal Nord' })).rejects.toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'identifier', message: 'Dieser Wert wird bereits verwendet.' }],
    });
    await expect(attempt(() => create({ identifier: 'Nord Ost', name: 'X' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          field: 'identifier',
          message: 'Dieser Wert darf nur Kleinbuchstaben, Ziffern, Binde- und Unterstriche enthalten.',
        },
      ],
    });
  });

  it('an organisation with branches is not deleted (409 in German); an empty one is', async () => {
    const used = await create({ identifier: 'sued', name: 'Süd' });
    const empty = await create({ identifier: 'west', name: 'West' });
    const branches = new CrudService(branchCrud, ds, idleRelay);
    await branches.create(admin, { body: { identifier: 'sued-1', name: 'Süd 1', division: { id: used.id } } });
    await expect(crud.delete(admin, { id: used.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Organisation wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    expect(await ds.getRepository(BranchEntity).countBy({ divisionId: used.id })).toBe(1);
    await crud.delete(admin, { id: empty.id });
    expect(await ds.getRepository(DivisionEntity).existsBy({ id: empty.id })).toBe(false);
  });
});
