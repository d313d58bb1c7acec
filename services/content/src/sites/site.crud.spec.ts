import type { Actor, ListReply, Site } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { RedirectEntity } from '../redirects/redirect.entity.js';
import { siteCrud } from './site.crud.js';
import { SiteEntity } from './site.entity.js';

/** an employee with the content permission (issue 42; services/content/src/common/content-access.spec.ts) */
const EMPLOYEE: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('sites CRUD rules (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<SiteEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('site_rules');
    crud = new CrudService(siteCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<SiteEntity, unknown>;
  }, 60_000);
  afterAll(() => ctx.close());

  const create = (body: Record<string, unknown>) => crud.create(EMPLOYEE, { body }) as Promise<Site>;
  const redirects = async () =>
    (await ctx.ds.getRepository(RedirectEntity).find({ order: { source: 'ASC' } })).map(
      (r) => `${r.website}:${r.source}>${r.target}`,
    );

  it('visitors read public sites only, by path with or without its slash, within their website', async () => {
    const contact = await create({ path: '/kontakt', name: 'Kontakt', isPublic: true });
    const draft = await create({ path: '/entwurf', name: 'Entwurf' });
    await create({ website: 'presenter', path: '/kontakt', name: 'Kontakt Presenter', isPublic: true });
    for (const identifier of ['/kontakt', 'kontakt'])
      expect(await crud.get(null, { identifier, website: 'storefront' })).toMatchObject({ id: contact.id });
    await expect(crud.get(null, { identifier: 'entwurf' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await crud.get(EMPLOYEE, { identifier: 'entwurf' })).toMatchObject({ id: draft.id });
    const ids = async (actor: Actor | null, query: Record<string, string>) =>
      ((await crud.list(actor, { query })) as ListReply<Site>).items.map((s) => s.path);
    expect(await ids(null, { website: 'storefront' })).toEqual(['/kontakt']);
    expect(await ids(EMPLOYEE, { website: 'storefront', isPublic: 'false' })).toEqual(['/entwurf']);
    await expect(attempt(() => crud.create(CUSTOMER, { body: { path: '/x', name: 'X' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses a layout of another site type and content the layout does not have, in German; one path per website', async () => {
    const mismatch = await failure(create({ path: '/start', name: 'Start', type: 'home', layout: 'simple' }));
    expect(mismatch).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'layout', message: 'Die Vorlage „Einfache Seite“ gehört nicht zum Seitentyp „home“.' }],
    });
    const body = { path: '/start', name: 'Start', type: 'home', layout: 'home' };
    const block = await failure(create({ ...body, content: { body: [{ type: 'floor_plans' }] } }));
    expect(block.errors).toEqual([
      expect.objectContaining({ field: 'content.body.0.type', message: expect.stringContaining('floor_plans') }),
    ]);
    expect(await ctx.ds.getRepository(SiteEntity).existsBy({ path: '/start' })).toBe(false);
    await create(body);
    expect((await failure(create(body))).errors).toEqual([
      { field: 'path', message: 'Dieser Wert wird bereits verwendet.' },
    ]);
  });

  it('moving a public page leaves a redirect from its old path; a draft, or a page of another website, leaves none', async () => {
    const page = await create({ path: '/alt', name: 'Seite', isPublic: true });
    await crud.update(EMPLOYEE, { id: page.id, body: { path: '/neu', name: 'Seite', isPublic: true } });
    expect(await redirects()).toEqual(['storefront:/alt>/neu']);
    // renamed once more: the old redirect is shortened to the new place
    await crud.update(EMPLOYEE, { id: page.id, body: { path: '/neuer', name: 'Seite', isPublic: true } });
    expect(await redirects()).toEqual(['storefront:/alt>/neuer', 'storefront:/neu>/neuer']);
    const draft = await create({ path: '/entwurf-alt', name: 'Entwurf' });
    await crud.update(EMPLOYEE, { id: draft.id, body: { path: '/entwurf-neu', name: 'Entwurf' } });
    await crud.update(EMPLOYEE, {
      id: page.id,
      body: { website: 'presenter', path: '/anderswo', name: 'Seite', isPublic: true },
    });
    expect(await redirects()).toEqual(['storefront:/alt>/neuer', 'storefront:/neu>/neuer']);
  });
});
