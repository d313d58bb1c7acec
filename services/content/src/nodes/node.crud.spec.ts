import type { Actor, ContentNode, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { contentTestContext, type ContentTestContext } from '../../test/content-test-context.js';
import { nodeCrud } from './node.crud.js';
import { NodeEntity } from './node.entity.js';

const ADMIN: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };

/** #/nodes and the content builder's reference picker search nodes by what editors see: the content's name. */
describe('nodes: search by name (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<NodeEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('node_search');
    crud = new CrudService(nodeCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<NodeEntity, unknown>;
  }, 60_000);
  afterAll(() => ctx.close());

  const names = async (query: Record<string, string>) =>
    ((await crud.list(ADMIN, { query })) as ListReply<ContentNode>).items.map((n) => n.content.name).sort();

  it('finds a node by words of its name or its identifier, of the type asked for; a renamed node by its new name', async () => {
    const project = (await crud.create(ADMIN, {
      body: { type: 'project', isPublic: true, content: { name: 'Wohnen am See' } },
    })) as ContentNode;
    await crud.create(ADMIN, {
      body: { type: 'reference', identifier: 'villa-see', isPublic: true, content: { name: 'Villa Grinzing' } },
    });
    await crud.create(ADMIN, { body: { type: 'project', isPublic: true, content: { name: 'Stadtvillen' } } });

    expect(await names({ search: 'see', type: 'project' })).toEqual(['Wohnen am See']);
    expect(await names({ search: 'Wohnen see' })).toEqual(['Wohnen am See']);
    // the identifier still counts
    expect(await names({ search: 'see' })).toEqual(['Villa Grinzing', 'Wohnen am See']);
    expect(await names({ search: 'Seeblick' })).toEqual([]);

    await crud.update(ADMIN, {
      id: project.id,
      body: { type: 'project', isPublic: true, content: { name: 'Seeblick Residenz' } },
    });
    expect(await names({ search: 'Seeblick', type: 'project' })).toEqual(['Seeblick Residenz']);
    expect(await names({ search: 'Wohnen' })).toEqual([]);
  });
});
