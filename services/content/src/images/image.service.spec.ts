import type { Actor } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { ImageEntity } from './image.entity.js';
import { ImageService } from './image.service.js';

const ADMIN: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const EMPLOYEE: Actor = { id: 2, username: 'employee', roles: ['ROLE_EMPLOYEE'], branches: [1] };
const png = (width: number, height: number, background = '#008FC3') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('ImageService (real Postgres, NATS object store, files)', () => {
  let ctx: ContentTestContext;
  let images: ImageService;
  beforeAll(async () => {
    ctx = await contentTestContext('image_service', { IMAGE_MAX_WIDTH: '1000' });
    images = new ImageService(ctx.ds, { kick: () => Promise.resolve() }, ctx.config, ctx.staged);
  });
  afterAll(() => ctx.close());

  // a deleted object keeps a tombstone in the bucket
  const staged = async (name: string) => {
    const info = await ctx.bucket.info(name);
    return info !== null && !info.deleted;
  };
  const file = (...parts: string[]) => join(ctx.config.FILES_DIR, 'image', ...parts);

  it('an employee stores a staged PNG: row, original and sizes on disk, one created event, the staged object gone', async () => {
    const objectName = await ctx.stage(await png(800, 400));
    const image = await images.create(EMPLOYEE, {
      file: { objectName, mimeType: 'image/png' },
      body: { name: 'Pizza', alt: 'Eine Pizza' },
    });
    expect(image).toMatchObject({ version: 1, extension: 'png', mimeType: 'image/png', width: 800, height: 400 });
    expect(image).toMatchObject({ name: 'Pizza', alt: 'Eine Pizza' });
    expect(existsSync(file(`${image.id}-1.png`))).toBe(true);
    expect(existsSync(file('thumbnail', `${image.id}-1.png`))).toBe(true);
    expect(await staged(objectName)).toBe(false);
    expect((await ctx.events()).filter((e) => e.subject === 'content.image.created')).toEqual([
      { subject: 'content.image.created', payload: expect.objectContaining({ entity: 'image', id: image.id }) },
    ]);
  });

  it('refuses a visitor, bytes that are no image and an image over the width limit: German errors, nothing stored, the staged object gone', async () => {
    const before = await ctx.ds.getRepository(ImageEntity).count();
    const visitorUpload = await ctx.stage(await png(10, 10));
    expect(
      (
        await failure(
          images.create(null, { file: { objectName: visitorUpload, mimeType: 'image/png' }, body: { name: 'x' } }),
        )
      ).code,
    ).toBe('UNAUTHENTICATED');
    const notAnImage = await ctx.stage(Buffer.from('%PDF-1.4 not a png'));
    const broken = await failure(
      images.create(ADMIN, { file: { objectName: notAnImage, mimeType: 'image/png' }, body: { name: 'x' } }),
    );
    expect(broken).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'data', message: t('validation.imageInvalid') }],
    });
    const wide = await ctx.stage(await png(1200, 100));
    const tooWide = await failure(
      images.create(ADMIN, { file: { objectName: wide, mimeType: 'image/png' }, body: { name: 'x' } }),
    );
    expect(tooWide).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'data', message: t('validation.imageTooWide', { width: 1200, maxWidth: 1000 }) }],
    });
    expect(await ctx.ds.getRepository(ImageEntity).count()).toBe(before);
    for (const name of [visitorUpload, notAnImage, wide]) expect(await staged(name)).toBe(false);
  });

  it('a replacement file gets the next version and leaves the old files; a name change alone keeps the version; an unknown id is 404', async () => {
    const first = await images.create(ADMIN, {
      file: { objectName: await ctx.stage(await png(300, 200)), mimeType: 'image/png' },
      body: { name: 'Alt' },
    });
    const replaced = await images.update(EMPLOYEE, {
      id: first.id,
      file: { objectName: await ctx.stage(await png(200, 300, '#303033')), mimeType: 'image/png' },
      body: { name: 'Neu', alt: 'Hochformat' },
    });
    expect(replaced).toMatchObject({ id: first.id, version: 2, width: 200, height: 300, name: 'Neu' });
    expect(existsSync(file(`${first.id}-1.png`))).toBe(true);
    expect(existsSync(file(`${first.id}-2.png`))).toBe(true);
    const renamed = await images.update(ADMIN, { id: first.id, file: null, body: { name: 'Umbenannt' } });
    expect(renamed).toMatchObject({ version: 2, name: 'Umbenannt', width: 200 });
    expect((await failure(images.update(ADMIN, { id: 999_999, file: null, body: { name: 'x' } }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await ctx.events()).filter(
        (e) => e.subject === 'content.image.updated' && (e.payload as { id: number }).id === first.id,
      ),
    ).toHaveLength(2);
  });

  it('only an administrator deletes (an image may be used by any branch); its files of every version and size go', async () => {
    const image = await images.create(ADMIN, {
      file: { objectName: await ctx.stage(await png(800, 50)), mimeType: 'image/png' },
      body: { name: 'Weg damit' },
    });
    await images.update(ADMIN, {
      id: image.id,
      file: { objectName: await ctx.stage(await png(700, 50)), mimeType: 'image/png' },
      body: { name: 'Weg damit' },
    });
    const other = await images.create(ADMIN, {
      file: { objectName: await ctx.stage(await png(50, 50)), mimeType: 'image/png' },
      body: { name: 'Bleibt' },
    });
    const filesOf = (id: number) =>
      [file(`${id}-1.png`), file(`${id}-2.png`), file('small', `${id}-1.png`), file('small', `${id}-2.png`)].filter(
        (path) => existsSync(path),
      );
    expect(filesOf(image.id)).toHaveLength(4);
    expect((await failure(images.delete(EMPLOYEE, { id: image.id }))).code).toBe('FORBIDDEN');
    expect(await images.get(EMPLOYEE, { id: image.id })).toMatchObject({ id: image.id });
    await images.delete(ADMIN, { id: image.id });
    expect((await failure(images.get(ADMIN, { id: image.id }))).code).toBe('NOT_FOUND');
    expect(filesOf(image.id)).toEqual([]);
    expect(existsSync(file(`${other.id}-1.png`))).toBe(true);
    expect((await ctx.events()).at(-1)).toMatchObject({ subject: 'content.image.deleted' });
  });
});
