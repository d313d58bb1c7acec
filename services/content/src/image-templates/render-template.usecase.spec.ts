import type { Actor } from '@shop/contracts';
import { createLogger } from '@shop/server';
import { join } from 'node:path';
import sharp from 'sharp';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { FontService } from '../fonts/font.service.js';
import { ImageEntity } from '../images/image.entity.js';
import { ImageService } from '../images/image.service.js';
import { ImageTemplateEntity } from './image-template.entity.js';
import { RenderTemplate } from './render-template.usecase.js';

const EMPLOYEE: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The access check runs before anything is read: thrown synchronously, caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('RenderTemplate: an image template rendered into a new library image (real Postgres, files)', () => {
  let ctx: ContentTestContext;
  let images: ImageService;
  let render: RenderTemplate;
  let red: number;
  beforeAll(async () => {
    ctx = await contentTestContext('render_template');
    images = new ImageService(ctx.ds, { kick: () => Promise.resolve() }, ctx.config, ctx.staged);
    const fonts = new FontService(ctx.config, createLogger('test', 'silent'));
    render = new RenderTemplate(ctx.ds, images, fonts, ctx.config);
    const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    red = (
      await images.create(EMPLOYEE, {
        file: { objectName: await ctx.stage(bytes), mimeType: 'image/png' },
        body: { name: 'Rot', alt: 'Rot' },
      })
    ).id;
  }, 60_000);
  afterAll(() => ctx.close());

  const template = (o: Partial<ImageTemplateEntity>) =>
    ctx.ds.getRepository(ImageTemplateEntity).save({
      identifier: `vorlage-${Math.random().toString(36).slice(2, 8)}`,
      width: 100,
      height: 60,
      background: '#0000ff',
      layers: [],
      ...o,
    } as ImageTemplateEntity);
  /** The colour of one pixel of a stored image, as #rrggbb. */
  const pixel = async (image: { id: number; version: number; extension: string }, x: number, y: number) => {
    const file = join(ctx.config.FILES_DIR, 'image', `${image.id}-${image.version}.${image.extension}`);
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return `#${[0, 1, 2].map((c) => data[at + c]!.toString(16).padStart(2, '0')).join('')}`;
  };

  it('composites the layers on the background, scaled and placed, clipped at the canvas edge; stores a new image', async () => {
    const tpl = await template({
      identifier: 'teaser',
      layers: [
        { type: 'image', image: red, x: 10, y: 10, width: 20, height: 20 },
        // reaches past the right edge: drawn up to it
        { type: 'image', image: red, x: 90, y: 40, width: null, height: null },
      ],
    });
    const before = await ctx.ds.getRepository(ImageEntity).count();
    const image = await render.execute(EMPLOYEE, { id: tpl.id, body: {} });
    expect(image).toMatchObject({ name: 'teaser', alt: 'teaser', width: 100, height: 60, extension: 'png' });
    expect(await ctx.ds.getRepository(ImageEntity).count()).toBe(before + 1);
    expect(await pixel(image, 0, 0)).toBe('#0000ff');
    expect(await pixel(image, 15, 15)).toBe('#ff0000');
    expect(await pixel(image, 35, 15)).toBe('#0000ff');
    expect(await pixel(image, 99, 59)).toBe('#ff0000');
    const named = await render.execute(EMPLOYEE, { id: tpl.id, body: { name: 'Sommer' } });
    expect(named).toMatchObject({ name: 'Sommer', alt: 'Sommer' });
    expect(named.id).not.toBe(image.id);
  });

  it("a text layer's text is replaced by position; an empty replacement leaves the canvas bare", async () => {
    const tpl = await template({
      background: '#ffffff',
      layers: [
        {
          type: 'text',
          text: 'MMMM',
          x: 0,
          y: 0,
          width: null,
          fontFamily: '',
          fontVariant: 'regular',
          fontSize: 40,
          color: '#000000',
        },
      ],
    });
    const inked = async (body: Record<string, unknown>) => {
      const image = await render.execute(EMPLOYEE, { id: tpl.id, body });
      const file = join(ctx.config.FILES_DIR, 'image', `${image.id}-${image.version}.png`);
      const stats = await sharp(file).removeAlpha().greyscale().stats();
      return stats.channels[0]!.min < 128;
    };
    expect(await inked({})).toBe(true);
    expect(await inked({ texts: { '0': '   ' } })).toBe(false);
    expect(await render.layers(EMPLOYEE, tpl.id)).toEqual(tpl.layers);
  });

  it('staff only; an unknown template and a picture gone from the library are 404 in German', async () => {
    const tpl = await template({});
    await expect(attempt(() => render.execute(CUSTOMER, { id: tpl.id, body: {} }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(attempt(() => render.layers(null, tpl.id))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await failure(render.execute(EMPLOYEE, { id: 999_999, body: {} }))).toEqual({
      code: 'NOT_FOUND',
      errors: [{ field: null, message: 'Bildvorlage wurde nicht gefunden.' }],
    });
    const orphan = await template({
      layers: [{ type: 'image', image: 999_998, x: 0, y: 0, width: null, height: null }],
    });
    expect(await failure(render.execute(EMPLOYEE, { id: orphan.id, body: {} }))).toEqual({
      code: 'NOT_FOUND',
      errors: [{ field: null, message: 'Bild wurde nicht gefunden.' }],
    });
  });
});
