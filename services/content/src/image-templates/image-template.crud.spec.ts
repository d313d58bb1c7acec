import type { Actor, ImageTemplate } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { ImageEntity } from '../images/image.entity.js';
import { imageTemplateCrud } from './image-template.crud.js';
import { ImageTemplateEntity } from './image-template.entity.js';

const EMPLOYEE: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('image templates CRUD rules (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<ImageTemplateEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('image_template_rules');
    crud = new CrudService(imageTemplateCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<
      ImageTemplateEntity,
      unknown
    >;
  }, 60_000);
  afterAll(() => ctx.close());

  const create = (body: Record<string, unknown>) => crud.create(EMPLOYEE, { body }) as Promise<ImageTemplate>;

  it('staff only, reading included (a back-office tool)', async () => {
    const tpl = await create({ identifier: 'teaser' });
    expect(await crud.get(EMPLOYEE, { identifier: 'teaser' })).toMatchObject({ id: tpl.id, width: 1200, height: 630 });
    await expect(attempt(() => crud.get(null, { id: tpl.id }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(attempt(() => crud.list(CUSTOMER, { query: {} }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.create(CUSTOMER, { body: { identifier: 'x' } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('names each image layer whose picture is not in the library, by its layer number, in German', async () => {
    const picture = await ctx.ds.getRepository(ImageEntity).save({
      version: 1,
      extension: 'png',
      mimeType: 'image/png',
      name: 'Logo',
      alt: 'Logo',
      width: 10,
      height: 10,
      size: 100,
    } as ImageEntity);
    const layers = [
      { type: 'image', image: picture.id },
      { type: 'text', text: 'Hallo' },
      { type: 'image', image: 999_999 },
    ];
    expect(await failure(create({ identifier: 'kaputt', layers }))).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'layers.2.image', message: 'Das Bild 999999 der Ebene 3 gibt es nicht.' }],
    });
    expect(await ctx.ds.getRepository(ImageTemplateEntity).existsBy({ identifier: 'kaputt' })).toBe(false);
    const ok = await create({ identifier: 'heil', layers: layers.slice(0, 2) });
    expect(ok.layers).toHaveLength(2);
    expect((await failure(create({ identifier: 'heil' }))).errors).toEqual([
      { field: 'identifier', message: 'Dieser Wert wird bereits verwendet.' },
    ]);
  });
});
