import type { ListReply, Menu } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { BranchEntity } from '../branches/branch.entity.js';
import { branchCrud } from '../branches/branch.crud.js';
import { categoryCrud } from '../categories/category.crud.js';
import { productCrud } from '../products/product.crud.js';
import { menuCrud } from './menu.crud.js';
import { MenuEntity } from './menu.entity.js';

describe('menus CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<MenuEntity, unknown>;
  const branch = async (identifier: string, o: Record<string, unknown> = {}) =>
    (
      (await new CrudService(branchCrud, ds, idleRelay).create(admin, {
        body: { identifier, name: identifier, ...o },
      })) as {
        id: number;
      }
    ).id;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_menus'));
    crud = new CrudService(menuCrud, ds, idleRelay) as CrudService<MenuEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) =>
    crud.create(admin, { body: { availableFrom: '2026-01-01T00:00:00+01:00', ...body } }) as Promise<Menu>;
  const ids = async (actor: Parameters<typeof crud.list>[0], query: Record<string, string> = {}) =>
    ((await crud.list(actor, { query })) as ListReply<Menu>).items.map((m) => m.id);

  it('names each missing branch, category and product at its place in the body, in German; nothing is written', async () => {
    const wien = await branch('wien');
    const catalog = { categories: [{ id: 999_991, products: [{ id: 999_992 }] }] };
    await expect(create({ name: 'Karte', branches: [wien, 999_990], catalog })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'branches.1', message: 'Filiale mit der ID 999990 wurde nicht gefunden.' },
        { field: 'catalog.categories.0.id', message: 'Kategorie mit der ID 999991 wurde nicht gefunden.' },
        { field: 'catalog.categories.0.products.0.id', message: 'Produkt mit der ID 999992 wurde nicht gefunden.' },
      ],
    });
    expect(await ds.getRepository(MenuEntity).count()).toBe(0);
  });

  it('keeps each branch once and the catalogue as given; only administrators write', async () => {
    const wels = await branch('wels');
    const category = (await new CrudService(categoryCrud, ds, idleRelay).create(admin, {
      body: { name: 'Brot' },
    })) as { id: number };
    const product = (await new CrudService(productCrud, ds, idleRelay).create(admin, {
      body: { name: 'Semmel', price: 0.5 },
    })) as { id: number };
    const catalog = { categories: [{ id: category.id, products: [{ id: product.id }] }] };
    const menu = await create({ name: 'Frühstück', branches: [wels, wels], catalog });
    expect(menu).toMatchObject({ branches: [wels], availableFrom: '2025-12-31T23:00:00.000Z' });
    expect(menu.catalog.categories[0]).toMatchObject({
      id: category.id,
      products: [{ id: product.id, isEnabled: true }],
    });
    await expect(
      attempt(() => crud.create(employeeOf(wels), { body: { name: 'X', availableFrom: '2026-01-01T00:00:00Z' } })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.delete(employeeOf(wels), { id: menu.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("visitors see the menus of public, enabled branches only; ?branch= lists a branch's menus", async () => {
    const open = await branch('v-offen');
    const hidden = await branch('v-intern', { isPublic: false });
    const closed = await branch('v-zu', { isEnabled: false });
    const shared = await create({ name: 'Gemeinsam', branches: [hidden, open] });
    const internal = await create({ name: 'Intern', branches: [hidden, closed] });
    const none = await create({ name: 'Ohne Filiale', branches: [] });
    const seen = await ids(null);
    expect(seen).toContain(shared.id);
    expect(seen).not.toContain(internal.id);
    expect(seen).not.toContain(none.id);
    await expect(crud.get(null, { id: internal.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ids(employeeOf(open))).toEqual(expect.arrayContaining([shared.id, internal.id, none.id]));
    expect((await ids(admin, { branch: String(hidden) })).sort()).toEqual([shared.id, internal.id].sort());
    expect(await ids(admin, { branch: String(closed) })).toEqual([internal.id]);
    expect(await ds.getRepository(BranchEntity).countBy({ isPublic: false })).toBe(1);
  });
});
