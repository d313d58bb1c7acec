import { t } from '@shop/i18n-de';
import { createServiceBus, type ServiceBus } from '@shop/server';
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { ACCEPTED_TYPES } from './file-types.js';
import { UploadEntity } from './upload.entity.js';
import { UploadService } from './upload.service.js';

describe('UploadService (real Postgres, NATS object store, files)', () => {
  let ctx: ContentTestContext;
  let uploads: UploadService;
  let bus: ServiceBus;
  beforeAll(async () => {
    ctx = await contentTestContext('upload_service', { UPLOAD_MAX_BYTES: '2048' });
    bus = await createServiceBus(ctx.config, 'content');
    uploads = new UploadService(ctx.ds, { kick: () => Promise.resolve() }, ctx.config, ctx.staged, bus);
  });
  afterAll(async () => {
    await bus.close();
    await ctx.close();
  });

  it("stores a customer's file under its unguessable public hash, keeps the file name's extension, and records the event", async () => {
    const bytes = Buffer.from('Name;Menge\nTorte;1\n');
    const upload = await uploads.create({
      objectName: await ctx.stage(bytes),
      mimeType: 'TEXT/CSV',
      filename: 'Bestellung.CSV',
    });
    expect(upload).toEqual({
      id: expect.any(Number),
      version: 1,
      extension: 'csv',
      mimeType: 'text/csv',
      publicHash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const stored = join(ctx.config.FILES_DIR, 'upload', upload.publicHash, `${upload.id}-1.csv`);
    expect(readFileSync(stored)).toEqual(bytes);
    expect(await ctx.ds.getRepository(UploadEntity).findOneByOrFail({ id: upload.id })).toMatchObject({
      originalName: 'Bestellung.CSV',
      size: bytes.length,
    });
    expect((await ctx.events()).at(-1)).toEqual({
      subject: 'content.upload.created',
      payload: expect.objectContaining({ entity: 'upload', id: upload.id, verb: 'created' }),
    });
  });

  it('refuses a type outside the accepted list, an empty file and one over the limit on the data field, storing nothing', async () => {
    const before = await ctx.ds.getRepository(UploadEntity).count();
    const exe = await failure(
      uploads.create({ objectName: await ctx.stage(Buffer.from('MZ')), mimeType: 'application/x-msdownload' }),
    );
    expect(exe).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          field: 'data',
          message: t('validation.fileType', { type: 'application/x-msdownload', types: ACCEPTED_TYPES }),
        },
      ],
    });
    const empty = await failure(
      uploads.create({ objectName: await ctx.stage(Buffer.alloc(0)), mimeType: 'text/plain' }),
    );
    expect(empty.errors).toEqual([{ field: 'data', message: t('validation.required') }]);
    const big = await failure(
      uploads.create({ objectName: await ctx.stage(Buffer.alloc(4096, 65)), mimeType: 'text/plain' }),
    );
    expect(big.errors).toEqual([
      { field: 'data', message: t('validation.fileTooLarge', { size: '0,00', limit: '0,00', suffix: 'MB' }) },
    ]);
    expect(await ctx.ds.getRepository(UploadEntity).count()).toBe(before);
  });

  it('names the references that point at no stored upload: an unknown id, or a known id with the wrong hash', async () => {
    const upload = await uploads.create({ objectName: await ctx.stage(Buffer.from('hallo')), mimeType: 'text/plain' });
    const good = { id: upload.id, publicHash: upload.publicHash };
    const wrongHash = { id: upload.id, publicHash: 'A'.repeat(22) };
    const unknown = { id: 987_654, publicHash: upload.publicHash };
    expect(await uploads.verify([good, wrongHash, unknown])).toEqual({ missing: [wrongHash, unknown] });
    expect(await uploads.verify([])).toEqual({ missing: [] });
  });

  it('types a file by its bytes: a claimed type that the bytes contradict is refused in German, a picture gets a JPEG preview', async () => {
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#3366ff' } })
      .png({ palette: true, colors: 2, compressionLevel: 9 })
      .toBuffer();
    const claimedJpeg = await failure(
      uploads.create({ objectName: await ctx.stage(png), mimeType: 'image/jpeg', filename: 'foto.jpg' }),
    );
    expect(claimedJpeg.errors).toEqual([
      { field: 'data', message: t('content.uploadTypeMismatch', { claimed: 'image/jpeg', actual: 'image/png' }) },
    ]);
    // text claimed as a PDF has no PDF magic bytes: refused, not stored as a PDF
    const fakePdf = await failure(
      uploads.create({ objectName: await ctx.stage(Buffer.from('kein PDF')), mimeType: 'application/pdf' }),
    );
    expect(fakePdf.code).toBe('VALIDATION_FAILED');

    const upload = await uploads.create({ objectName: await ctx.stage(png), mimeType: 'image/png', filename: 'a.png' });
    const preview = join(ctx.config.FILES_DIR, 'upload', upload.publicHash, 'preview', `${upload.id}-1.jpg`);
    const meta = await sharp(readFileSync(preview)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 213]);
  });
});
