import type { Actor } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CrudService } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { blockCrud } from '../blocks/block.crud.js';
import { BlockEntity } from '../blocks/block.entity.js';
import { nodeCrud } from '../nodes/node.crud.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { unsafeLinks } from './content-check.js';

const ADMIN: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);
const unsafe = (field: string) => ({ field, message: t('content.unsafeLink') });

/**
 * Issue 42 item 3: `javascript:`, `data:` and `vbscript:` links are refused on save (not silently dropped by the
 * sanitiser), in link fields and in rich text, with a German error at the field that holds them.
 */
describe('links in content (real Postgres)', () => {
  let ctx: ContentTestContext;
  let blocks: CrudService<BlockEntity, unknown>;
  let nodes: CrudService<NodeEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('content_links');
    blocks = new CrudService(blockCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<BlockEntity, unknown>;
    nodes = new CrudService(nodeCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<NodeEntity, unknown>;
  }, 60_000);
  afterAll(() => ctx.close());

  it("refuses a block whose link field or rich text holds a script link, at the field; saves it when it doesn't", async () => {
    const content = {
      text: '<p><a href="&#106;avascript:alert(1)">Angebot</a></p>',
      links: [
        { label: 'Gut', href: 'https://example.at' },
        { label: 'Böse', href: ' JavaScript:alert(document.cookie)' },
        { label: 'Daten', to: 'data:text/html,<script>alert(1)</script>' },
      ],
    };
    expect(
      await failure(
        attempt(() => blocks.create(ADMIN, { body: { identifier: 'slider', type: 'text_slider', content } })),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [unsafe('content.text'), unsafe('content.links.1.href'), unsafe('content.links.2.to')],
    });
    expect(t('content.unsafeLink')).toBe('Links mit javascript:, data: oder vbscript: sind nicht erlaubt.');
    expect(await ctx.ds.getRepository(BlockEntity).count()).toBe(0);

    const safe = {
      text: '<p>Wir lieben JavaScript: <a href="/kontakt">Kontakt</a></p>',
      links: [{ label: 'Mail', mailto: 'a@b.at' }],
    };
    await blocks.create(ADMIN, { body: { identifier: 'slider', type: 'text_slider', content: safe } });
    expect(await ctx.ds.getRepository(BlockEntity).count()).toBe(1);
  });

  it("refuses a node's rich text with a vbscript: link, also on update", async () => {
    const node = (await nodes.create(ADMIN, { body: { type: 'form', content: { name: 'Kontakt' } } })) as {
      id: number;
    };
    const refused = await failure(
      attempt(() =>
        nodes.update(ADMIN, {
          id: node.id,
          body: { type: 'form', content: { name: 'Kontakt', description: "<a href='vbscript:msgbox(1)'>x</a>" } },
        }),
      ),
    );
    expect(refused.errors).toEqual([unsafe('content.description')]);
  });

  it('finds Markdown links and link keys anywhere in a value, and leaves plain text alone', () => {
    expect(
      unsafeLinks({ intro: '[hier](javascript:alert(1))', url: 'data:,x', title: 'Data: 2026' }, 'content'),
    ).toEqual([unsafe('content.intro'), unsafe('content.url')]);
  });
});
