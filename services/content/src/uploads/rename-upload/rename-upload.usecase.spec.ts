import type { Actor } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { contentTestContext, failure, type ContentTestContext } from '../../../test/content-test-context.js';
import { UploadEntity } from '../upload.entity.js';
import { RenameUpload } from './rename-upload.usecase.js';

const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };

describe('RenameUpload (real Postgres)', () => {
  let ctx: ContentTestContext;
  let rename: RenameUpload;
  beforeAll(async () => {
    ctx = await contentTestContext('upload_rename');
    rename = new RenameUpload(ctx.ds);
  });
  afterAll(() => ctx.close());

  const upload = () =>
    ctx.ds.getRepository(UploadEntity).save({
      version: 1,
      extension: 'pdf',
      mimeType: 'application/pdf',
      publicHash: 'h'.repeat(22),
      size: 1234,
      originalName: 'scan0001.pdf',
    });

  it('gives an upload the name staff type (trimmed); the file, its version and address stay', async () => {
    const u = await upload();
    const renamed = await rename.execute(employee, u.id, { originalName: '  Logo Hochzeitstorte.pdf ' });
    expect(renamed).toMatchObject({
      id: u.id,
      version: 1,
      originalName: 'Logo Hochzeitstorte.pdf',
      url: `/upload/${'h'.repeat(22)}/${u.id}-1.pdf`,
    });
    expect((await ctx.ds.getRepository(UploadEntity).findOneByOrFail({ id: u.id })).originalName).toBe(
      'Logo Hochzeitstorte.pdf',
    );
  });

  it('refuses an empty or over-long name in German at its field, an unknown upload with 404, visitors with 401', async () => {
    const u = await upload();
    expect(await failure(rename.execute(employee, u.id, { originalName: '   ' }))).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'originalName', message: expect.stringMatching(/^[A-ZÄÖÜ].*\.$/) }],
    });
    const tooLong = await failure(rename.execute(employee, u.id, { originalName: 'x'.repeat(256) }));
    expect(tooLong.errors).toEqual([{ field: 'originalName', message: expect.stringContaining('255') }]);
    expect((await failure(rename.execute(employee, u.id, {}))).errors.map((e) => e.field)).toEqual(['originalName']);
    expect(await failure(rename.execute(employee, 999_999, { originalName: 'x' }))).toEqual({
      code: 'NOT_FOUND',
      errors: [{ field: null, message: 'Upload wurde nicht gefunden.' }],
    });
    expect((await failure(rename.execute(null, u.id, { originalName: 'x' }))).code).toBe('UNAUTHENTICATED');
    expect((await ctx.ds.getRepository(UploadEntity).findOneByOrFail({ id: u.id })).originalName).toBe('scan0001.pdf');
    expect(t('http.resourceNotFound', { label: 'Upload' })).toBe('Upload wurde nicht gefunden.');
  });
});
