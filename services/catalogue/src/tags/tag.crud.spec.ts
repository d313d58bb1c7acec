import type { ListReply, Tag } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { branchCrud } from '../branches/branch.crud.js';
import { tagCrud } from './tag.crud.js';
import { TagEntity } from './tag.entity.js';

describe('tags CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<TagEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_tags'));
    crud = new CrudService(tagCrud, ds, idleRelay) as CrudService<TagEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<Tag>;

  it('everyone reads, heaviest first; only administrators write', async () => {
    await create({ name: 'Leicht', weight: 1 });
    await create({ name: 'Schwer', weight: 9 });
    const names = ((await crud.list(null, { query: {} })) as ListReply<Tag>).items.map((t) => t.name);
    expect(names).toEqual(['Schwer', 'Leicht']);
    await expect(attempt(() => crud.create(employeeOf(1), { body: { name: 'X' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('a tag a branch carries is not deleted (409 in German); an unused one is', async () => {
    const used = await create({ name: 'Terrasse' });
    const unused = await create({ name: 'Frei' });
    await new CrudService(branchCrud, ds, idleRelay).create(admin, {
      body: { identifier: 'mit-terrasse', name: 'Mit Terrasse', tags: [{ id: used.id }] },
    });
    await expect(crud.delete(admin, { id: used.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Tag wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    await expect(crud.delete(employeeOf(1), { id: unused.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(TagEntity).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(TagEntity).existsBy({ id: used.id })).toBe(true);
  });
});
