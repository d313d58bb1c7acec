import type { Category, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { categoryCrud } from './category.crud.js';
import { CategoryEntity } from './category.entity.js';

describe('categories CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<CategoryEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_categories'));
    crud = new CrudService(categoryCrud, ds, idleRelay) as CrudService<CategoryEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<Category>;
  const names = async (actor: Parameters<typeof crud.list>[0], query: Record<string, string> = {}) =>
    ((await crud.list(actor, { query })) as ListReply<Category>).items.map((c) => c.name);

  it('everyone reads; only administrators write', async () => {
    const soups = await create({ name: 'Suppen' });
    expect(await crud.get(null, { id: soups.id })).toMatchObject({ name: 'Suppen' });
    await expect(attempt(() => crud.create(employeeOf(1), { body: { name: 'X' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(attempt(() => crud.create(null, { body: { name: 'X' } }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(crud.update(employeeOf(1), { id: soups.id, body: { name: 'X' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.delete(employeeOf(1), { id: soups.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await ds.getRepository(CategoryEntity).findOneByOrFail({ id: soups.id })).toMatchObject({ name: 'Suppen' });
  });

  it('visitors see a disabled category only when it is shown unavailable; staff filter by enabled', async () => {
    await create({ name: 'S-Aktiv' });
    await create({ name: 'S-Pause', isEnabled: false, isVisibleWhenUnavailable: true });
    await create({ name: 'S-Versteckt', isEnabled: false });
    expect((await names(null)).filter((n) => n.startsWith('S-'))).toEqual(['S-Aktiv', 'S-Pause']);
    expect((await names(employeeOf(1))).filter((n) => n.startsWith('S-'))).toEqual([
      'S-Aktiv',
      'S-Pause',
      'S-Versteckt',
    ]);
    expect(await names(admin, { isEnabled: 'false' })).toEqual(['S-Pause', 'S-Versteckt']);
  });

  it('a category a menu lists is not deleted (409 in German); an unused one is', async () => {
    const used = await create({ name: 'Hauptspeisen' });
    const unused = await create({ name: 'Leer' });
    await ds.getRepository(MenuEntity).save({
      name: 'Karte',
      availableFrom: new Date(),
      branches: [],
      catalog: {
        categories: [
          { id: 999_999, products: [] },
          { id: used.id, products: [] },
        ],
      },
    });
    await expect(crud.delete(admin, { id: used.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Kategorie wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(CategoryEntity).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(CategoryEntity).existsBy({ id: used.id })).toBe(true);
  });
});
