import type { Actor, ListReply, Navigation } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { navigationCrud } from './navigation.crud.js';
import { NavigationEntity } from './navigation.entity.js';

/** a staff member an administrator gave the content permission (issue 42) */
const EDITOR: Actor = { id: 2, username: 'redaktion', roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);
const item = (label: string, o: Record<string, unknown> = {}) => ({ type: 'link', label, target: `/${label}`, ...o });

describe('navigations CRUD rules (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<NavigationEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('navigation_rules');
    crud = new CrudService(navigationCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<
      NavigationEntity,
      unknown
    >;
  }, 60_000);
  afterAll(() => ctx.close());

  const create = (body: Record<string, unknown>) => crud.create(EDITOR, { body }) as Promise<Navigation>;

  it('visitors see enabled items only (a disabled item hides its children); staff see all', async () => {
    const items = [
      item('a', { children: [item('a1'), item('a2', { isEnabled: false })] }),
      item('b', { isEnabled: false, children: [item('b1')] }),
    ];
    await create({ website: 'presenter', identifier: 'haupt', items });
    const seen = (await crud.get(null, { identifier: 'haupt', website: 'presenter' })) as Navigation;
    expect(seen.items.map((i) => [i.label, i.children.map((c) => c.label)])).toEqual([['a', ['a1']]]);
    const staff = (await crud.get(EDITOR, { identifier: 'haupt', website: 'presenter' })) as Navigation;
    expect(staff.items.map((i) => [i.label, i.children.map((c) => c.label)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
    // visitors' list answers the same
    const listed = ((await crud.list(null, { query: { website: 'presenter' } })) as ListReply<Navigation>).items;
    expect(listed.map((n) => n.items.length)).toEqual([1]);
  });

  it('one identifier per website; found within the asking website; staff write, customers do not', async () => {
    const shop = await create({ website: 'storefront', identifier: 'fuss', items: [item('impressum')] });
    const presenter = await create({ website: 'presenter', identifier: 'fuss', items: [] });
    expect(await crud.get(null, { identifier: 'fuss', website: 'storefront' })).toMatchObject({ id: shop.id });
    expect(await crud.get(null, { identifier: 'fuss', website: 'presenter' })).toMatchObject({ id: presenter.id });
    expect((await failure(create({ website: 'presenter', identifier: 'fuss' }))).errors).toEqual([
      { field: 'identifier', message: 'Dieser Wert wird bereits verwendet.' },
    ]);
    const shops = ((await crud.list(EDITOR, { query: { website: 'storefront' } })) as ListReply<Navigation>).items;
    expect(shops.map((n) => n.website)).toEqual(shops.map(() => 'storefront'));
    await expect(attempt(() => crud.create(CUSTOMER, { body: { identifier: 'x' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.update(CUSTOMER, { id: shop.id, body: { identifier: 'fuss' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await ctx.ds.getRepository(NavigationEntity).findOneByOrFail({ id: shop.id })).items).toHaveLength(1);
  });
});
