import type { Actor, Block, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { blockCrud } from './block.crud.js';
import { BlockEntity } from './block.entity.js';

/** a staff member an administrator gave the content permission (issue 42) */
const EDITOR: Actor = { id: 2, username: 'redaktion', roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('blocks CRUD rules (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<BlockEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('block_rules');
    crud = new CrudService(blockCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<BlockEntity, unknown>;
  }, 60_000);
  afterAll(() => ctx.close());

  const create = (body: Record<string, unknown>, actor = EDITOR) => crud.create(actor, { body }) as Promise<Block>;
  const node = (type: NodeEntity['type'], name: string) =>
    ctx.ds.getRepository(NodeEntity).save({ identifier: null, type, isPublic: true, content: { name }, name });

  it('staff write; visitors read public blocks only, by identifier', async () => {
    const shown = await create({ identifier: 'kontakt', type: 'contact_info' });
    const draft = await create({ identifier: 'entwurf', type: 'contact_info', isPublic: false });
    expect(await crud.get(null, { identifier: 'kontakt' })).toMatchObject({ id: shown.id });
    await expect(crud.get(null, { identifier: 'entwurf' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const visible = ((await crud.list(null, { query: {} })) as ListReply<Block>).items.map((b) => b.id);
    expect(visible).toContain(shown.id);
    expect(visible).not.toContain(draft.id);
    expect(await crud.get(EDITOR, { id: draft.id })).toMatchObject({ isPublic: false });
    await expect(attempt(() => create({ identifier: 'x', type: 'map' }, CUSTOMER))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(attempt(() => crud.create(null, { body: { identifier: 'x', type: 'map' } }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(crud.delete(CUSTOMER, { id: shown.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("checks the content against its type's fields: a reference must exist and be of a kind the field takes", async () => {
    const project = await node('project', 'Haus am See');
    const form = await node('form', 'Kontaktformular');
    const missing = await failure(
      create({ identifier: 'f1', type: 'form', content: { form: { id: 999_999, type: 'node' } } }),
    );
    expect(missing).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'content.form', message: 'Der Verweis zeigt auf einen Inhalt (node 999999), den es nicht gibt.' },
      ],
    });
    const wrong = await failure(
      create({ identifier: 'f1', type: 'form', content: { form: { id: project.id, type: 'node' } } }),
    );
    expect(wrong.errors).toEqual([
      { field: 'content.form', message: 'Hier ist ein Verweis auf form vorgesehen, nicht auf project.' },
    ]);
    expect(await ctx.ds.getRepository(BlockEntity).existsBy({ identifier: 'f1' })).toBe(false);
    const ok = await create({ identifier: 'f1', type: 'form', content: { form: { id: form.id, type: 'node' } } });
    expect(ok.content).toEqual({ form: { id: form.id, type: 'node' } });
  });

  it('stores rich text sanitised; filters by type; the identifier is unique', async () => {
    const text = await create({
      identifier: 'hinweis',
      type: 'map',
      content: { text: '<p>Anfahrt</p><script>alert(1)</script><img src=x onerror=alert(2)>' },
    });
    const stored = (await ctx.ds.getRepository(BlockEntity).findOneByOrFail({ id: text.id })).content.text as string;
    expect(stored).toContain('<p>Anfahrt</p>');
    expect(stored).not.toMatch(/script|onerror/);
    const types = ((await crud.list(EDITOR, { query: { type: 'map' } })) as ListReply<Block>).items.map((b) => b.type);
    expect(types).toEqual(['map']);
    expect((await failure(create({ identifier: 'hinweis', type: 'map' }))).errors).toEqual([
      { field: 'identifier', message: 'Dieser Wert wird bereits verwendet.' },
    ]);
  });
});
