import type { Actor, Redirect } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CrudService } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { RedirectEntity } from './redirect.entity.js';
import { redirectCrud } from './redirect.crud.js';
import { redirectMovedPage } from './redirect-rules.js';

const ADMIN: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };

/**
 * Redirect rules an editor meets (issue 18): a target that itself redirects is refused with the final target to
 * enter instead; redirects that led to a new redirect's source are shortened and the answer names them.
 */
describe('redirects: chains (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<RedirectEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('redirect_rules');
    crud = new CrudService(redirectCrud([]), ctx.ds, { kick: () => Promise.resolve() }) as CrudService<
      RedirectEntity,
      unknown
    >;
  }, 60_000);
  afterAll(() => ctx.close());

  const create = (body: Record<string, unknown>) => crud.create(ADMIN, { body }) as Promise<Redirect>;
  const stored = async () =>
    (await ctx.ds.getRepository(RedirectEntity).find({ order: { website: 'ASC', source: 'ASC' } })).map(
      (r) => `${r.website}:${r.source}>${r.target}`,
    );

  it('refuses a target that redirects again, at the target field, naming where it finally leads; nothing changes', async () => {
    await create({ website: 'storefront', source: '/b', target: '/c' });
    await create({ website: 'storefront', source: '/c', target: '/d' });
    // /c → /d was saved while /b → /c existed: /b was shortened, so the final target of /b is /d
    expect(await stored()).toEqual(['storefront:/b>/d', 'storefront:/c>/d']);

    const before = await ctx.events();
    const refused = await failure(create({ website: 'storefront', source: '/a', target: '/c' }));
    expect(refused).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'target', message: t('content.redirectChain', { target: '/c', final: '/d' }) }],
    });
    expect(refused.errors[0]?.message).toBe(
      'Unter „/c“ gibt es bereits eine Weiterleitung nach „/d“. Bitte geben Sie „/d“ als Ziel an, damit keine Weiterleitungskette entsteht.',
    );
    expect(await stored()).toEqual(['storefront:/b>/d', 'storefront:/c>/d']);
    expect(await ctx.events()).toEqual(before);

    // entering the final target, as the message says, is saved as typed
    const direct = await create({ website: 'storefront', source: '/a', target: '/d' });
    expect(direct).toMatchObject({ source: '/a', target: '/d' });
    expect(direct).not.toHaveProperty('shortened');
    // an editor's change of an existing redirect is checked the same way
    const edit = await failure(
      crud.update(ADMIN, { id: direct.id, body: { website: 'storefront', source: '/a', target: '/b', status: 302 } }),
    );
    expect(edit.errors).toEqual([
      { field: 'target', message: t('content.redirectChain', { target: '/b', final: '/d' }) },
    ]);
  });

  it('a loop is reported as a loop, not as a chain', async () => {
    await create({ website: 'storefront', source: '/kreis-1', target: '/kreis-2' });
    const loop = await failure(create({ website: 'storefront', source: '/kreis-2', target: '/kreis-1' }));
    expect(loop.errors).toEqual([{ field: 'target', message: t('content.redirectLoop') }]);
  });

  it("shortens the redirects that led to the new source and names them in the answer; the other website's stay", async () => {
    await create({ website: 'presenter', source: '/alt-1', target: '/projekt' });
    await create({ website: 'presenter', source: '/alt-2', target: '/projekt' });
    await create({ website: 'storefront', source: '/shop-alt', target: '/projekt' });
    const moved = await create({ website: 'presenter', source: '/projekt', target: '/projekte/haus-am-see' });
    expect(moved.shortened).toEqual(['/alt-1', '/alt-2']);
    expect((await stored()).filter((r) => r.includes('alt'))).toEqual([
      'presenter:/alt-1>/projekte/haus-am-see',
      'presenter:/alt-2>/projekte/haus-am-see',
      'storefront:/shop-alt>/projekt',
    ]);
    // the same on an update that changes the source
    const other = await create({ website: 'storefront', source: '/x', target: '/y' });
    const updated = (await crud.update(ADMIN, {
      id: other.id,
      body: { website: 'storefront', source: '/projekt', target: '/y', status: 301 },
    })) as Redirect;
    expect(updated.shortened).toEqual(['/shop-alt']);
    // a later read carries no report
    expect(await crud.get(ADMIN, { id: moved.id })).not.toHaveProperty('shortened');
  });
});

/**
 * Issue 42 item 3: a redirect leads to a path of its website or to a host an administrator allowed
 * (REDIRECT_ALLOWED_HOSTS), never to `//host`, `\\host` or `javascript:`, and never takes over the start page, the
 * checkout or the order status. German errors at the field; nothing is stored.
 */
describe('redirects: safe targets and protected sources (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<RedirectEntity, unknown>;
  const attempt = (fn: () => unknown) => Promise.resolve().then(fn);
  beforeAll(async () => {
    ctx = await contentTestContext('redirect_safety');
    crud = new CrudService(redirectCrud(['partner.example', '*.filialen.example']), ctx.ds, {
      kick: () => Promise.resolve(),
    }) as CrudService<RedirectEntity, unknown>;
  }, 60_000);
  afterAll(() => ctx.close());

  const refusal = (body: Record<string, unknown>) =>
    failure(attempt(() => crud.create(ADMIN, { body: { website: 'storefront', source: '/alt', ...body } })));

  it('refuses protocol-relative, backslashed, script and not allowed external targets at the target field', async () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
    ])
      expect([target, await refusal({ target })]).toEqual([
        target,
        { code: 'VALIDATION_FAILED', errors: [{ field: 'target', message: t('content.redirectTargetUnsafe') }] },
      ]);
    expect(await refusal({ target: 'https://evil.example/login' })).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'target', message: t('content.redirectHostNotAllowed', { host: 'evil.example' }) }],
    });
    expect(t('content.redirectHostNotAllowed', { host: 'evil.example' })).toBe(
      'Weiterleitungen zu „evil.example“ sind nicht freigegeben. Ein Administrator kann den Host für Weiterleitungen freigeben.',
    );
    expect(await ctx.ds.getRepository(RedirectEntity).count()).toBe(0);
  });

  it('saves a path, and URLs on the allowed hosts', async () => {
    await crud.create(ADMIN, { body: { source: '/a', target: '/kontakt' } });
    await crud.create(ADMIN, { body: { source: '/b', target: 'https://partner.example/angebot' } });
    await crud.create(ADMIN, { body: { source: '/c', target: 'https://wien.filialen.example' } });
    expect(await ctx.ds.getRepository(RedirectEntity).count()).toBe(3);
  });

  it('refuses the start page, a checkout and an order status as the source', async () => {
    for (const source of ['/', '/store/wien/checkout', '/status/abc/def', '/self-service/store/wien/checkout'])
      expect([source, await refusal({ source, target: '/kontakt' })]).toEqual([
        source,
        { code: 'VALIDATION_FAILED', errors: [{ field: 'source', message: t('content.redirectSourceProtected') }] },
      ]);
  });

  it('a public start page that moves leaves no redirect from /', async () => {
    const repo = ctx.ds.getRepository(RedirectEntity);
    await ctx.ds.transaction((m) => redirectMovedPage(m, 'presenter', '/', '/willkommen'));
    await ctx.ds.transaction((m) => redirectMovedPage(m, 'presenter', '/alt-seite', '/willkommen'));
    expect((await repo.findBy({ website: 'presenter' })).map((r) => r.source)).toEqual(['/alt-seite']);
  });
});
