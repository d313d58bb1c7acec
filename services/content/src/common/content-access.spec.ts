import type { Actor } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CrudService, type AnyCrudDefinition } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { blockCrud } from '../blocks/block.crud.js';
import { navigationCrud } from '../navigations/navigation.crud.js';
import { nodeCrud } from '../nodes/node.crud.js';
import { redirectCrud } from '../redirects/redirect.crud.js';
import { siteCrud } from '../sites/site.crud.js';

const ADMIN: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
/** an employee of one branch: reads the websites' content, changes none of it */
const EMPLOYEE: Actor = { id: 2, username: 'filiale', roles: ['ROLE_EMPLOYEE'], branches: [1] };
/** an employee an administrator gave the content permission ('Website-Redaktion') */
const EDITOR: Actor = { id: 3, username: 'redaktion', roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'], branches: [1] };
/** The rules `create` and `update` check before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

/** Each content resource with a body to create and one to change it to. */
const RESOURCES: Array<[string, AnyCrudDefinition, Record<string, unknown>, Record<string, unknown>]> = [
  ['sites', siteCrud, { path: '/kontakt', name: 'Kontakt', isPublic: true }, { path: '/kontakt', name: 'Neu' }],
  ['nodes', nodeCrud, { type: 'project', content: { name: 'Haus' } }, { type: 'project', content: { name: 'Neu' } }],
  ['blocks', blockCrud, { identifier: 'karte', type: 'map' }, { identifier: 'karte', type: 'map', isPublic: false }],
  ['navigations', navigationCrud, { identifier: 'haupt', items: [] }, { identifier: 'haupt', items: [] }],
  ['redirects', redirectCrud([]), { source: '/alt', target: '/kontakt' }, { source: '/alt', target: '/neu' }],
];

/**
 * Issue 42 item 3 "Anyone on the staff can change the websites": the content resources are written by
 * administrators and the staff an administrator gave the content permission; any other employee reads them and
 * is refused every write with a German 403; nothing changes.
 */
describe('content permission (real Postgres)', () => {
  let ctx: ContentTestContext;
  beforeAll(async () => {
    ctx = await contentTestContext('content_access');
  }, 60_000);
  afterAll(() => ctx.close());

  it.each(RESOURCES)(
    '%s: an employee without the permission reads but cannot create, change or delete',
    async (_, definition, body, change) => {
      const crud = new CrudService(definition, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<
        { id: number },
        unknown
      >;
      const created = (await crud.create(EDITOR, { body })) as { id: number };
      const before = await ctx.events();
      const forbidden = { code: 'FORBIDDEN', errors: [{ field: null, message: t('content.editForbidden') }] };
      expect(await failure(attempt(() => crud.create(EMPLOYEE, { body })))).toEqual(forbidden);
      expect(await failure(attempt(() => crud.update(EMPLOYEE, { id: created.id, body: change })))).toEqual(forbidden);
      expect(await failure(attempt(() => crud.delete(EMPLOYEE, { id: created.id })))).toEqual(forbidden);
      expect(t('content.editForbidden')).toBe(
        'Sie haben keine Berechtigung, Website-Inhalte zu ändern. Ein Administrator kann sie Ihnen im Mitarbeiterprofil erteilen.',
      );
      expect(await ctx.events()).toEqual(before);
      // reads stay open to every staff member
      expect(await crud.get(EMPLOYEE, { id: created.id })).toMatchObject({ id: created.id });
      // the editor and an administrator change and delete
      await crud.update(EDITOR, { id: created.id, body: change });
      await crud.delete(ADMIN, { id: created.id });
      expect((await failure(crud.get(ADMIN, { id: created.id }))).code).toBe('NOT_FOUND');
    },
  );
});
