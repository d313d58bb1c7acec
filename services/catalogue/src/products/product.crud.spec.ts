import type { ListReply, Product } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { productCrud } from './product.crud.js';
import { ProductEntity } from './product.entity.js';

describe('products CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<ProductEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_products'));
    crud = new CrudService(productCrud, ds, idleRelay) as CrudService<ProductEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) =>
    crud.create(admin, { body: { price: 1, ...body } }) as Promise<Product>;
  const menu = (categories: Array<{ id: number; products: Array<{ id: number }> }>) =>
    ds
      .getRepository(MenuEntity)
      .save({ name: 'Karte', availableFrom: new Date(), branches: [], catalog: { categories } });
  const names = async (actor: Parameters<typeof crud.list>[0], query: Record<string, string> = {}) =>
    ((await crud.list(actor, { query })) as ListReply<Product>).items.map((p) => p.name);

  it('everyone reads; only administrators write; a negative price is refused in German', async () => {
    const bread = await create({ name: 'Brot' });
    expect(await crud.get(null, { id: bread.id })).toMatchObject({ name: 'Brot', price: 1, type: 'simple' });
    await expect(attempt(() => crud.create(employeeOf(1), { body: { name: 'X', price: 1 } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.update(employeeOf(1), { id: bread.id, body: { name: 'X', price: 1 } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(attempt(() => create({ name: 'X', price: -1 }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'price', message: 'Dieser Wert sollte 0 oder mehr sein.' }],
    });
  });

  it('visitors see a disabled product only when shown unavailable; lists filter by type, enabled and menu category', async () => {
    const on = await create({ name: 'P-Aktiv', type: 'configurable' });
    const paused = await create({ name: 'P-Pause', isEnabled: false, isVisibleWhenUnavailable: true });
    const hidden = await create({ name: 'P-Versteckt', isEnabled: false });
    const only = (list: string[]) => list.filter((n) => n.startsWith('P-'));
    expect(only(await names(null))).toEqual(['P-Aktiv', 'P-Pause']);
    expect(only(await names(employeeOf(1)))).toEqual(['P-Aktiv', 'P-Pause', 'P-Versteckt']);
    expect(await names(admin, { type: 'configurable' })).toEqual(['P-Aktiv']);
    expect(only(await names(admin, { isEnabled: 'false' }))).toEqual(['P-Pause', 'P-Versteckt']);
    await menu([
      { id: 501, products: [{ id: on.id }, { id: hidden.id }] },
      { id: 502, products: [{ id: paused.id }] },
    ]);
    expect(await names(admin, { category: '501' })).toEqual(['P-Aktiv', 'P-Versteckt']);
    expect(await names(admin, { category: '502' })).toEqual(['P-Pause']);
    expect(await names(admin, { category: '503' })).toEqual([]);
  });

  it('a product a menu lists is not deleted (409 in German); an unlisted one is', async () => {
    const used = await create({ name: 'Kuchen' });
    const unused = await create({ name: 'Torte' });
    await menu([
      { id: 700, products: [] },
      { id: 701, products: [{ id: used.id }] },
    ]);
    await expect(crud.delete(admin, { id: used.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Produkt wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(ProductEntity).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(ProductEntity).existsBy({ id: used.id })).toBe(true);
  });
});
