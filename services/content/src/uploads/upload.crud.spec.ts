import type { Actor, ListReply, StaffUpload } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTestContext, type ContentTestContext } from '../../test/content-test-context.js';
import { uploadCrud } from './upload.crud.js';
import { UploadEntity } from './upload.entity.js';

const EMPLOYEE: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('uploads CRUD rules (real Postgres, files)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<UploadEntity, unknown>;
  let n = 0;
  beforeAll(async () => {
    ctx = await contentTestContext('upload_rules');
    crud = new CrudService(uploadCrud(ctx.config.FILES_DIR), ctx.ds, {
      kick: () => Promise.resolve(),
    }) as CrudService<UploadEntity, unknown>;
  }, 60_000);
  afterAll(() => ctx.close());

  /** An upload as POST /api/uploads leaves it: its row and its file under the public hash. */
  const addUpload = async (mimeType: string, extension: string) => {
    const publicHash = `hash${String(++n).padStart(4, '0')}abcdefghijklmnop`;
    const row = await ctx.ds
      .getRepository(UploadEntity)
      .save({ version: 1, extension, mimeType, publicHash, size: 3, originalName: `datei-${n}.${extension}` });
    const dir = join(ctx.config.FILES_DIR, 'upload', publicHash);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${row.id}-1.${extension}`), 'abc');
    return { row, dir };
  };

  it('staff list and read uploads with their URLs (a preview for pictures only); visitors and customers do not', async () => {
    const { row: photo } = await addUpload('image/png', 'png');
    const { row: table } = await addUpload('text/csv', 'csv');
    expect(await crud.get(EMPLOYEE, { id: photo.id })).toMatchObject({
      url: `/upload/${photo.publicHash}/${photo.id}-1.png`,
      previewUrl: `/upload/${photo.publicHash}/preview/${photo.id}-1.jpg`,
    });
    expect(await crud.get(EMPLOYEE, { id: table.id })).toMatchObject({ previewUrl: null });
    const csv = ((await crud.list(EMPLOYEE, { query: { mimeType: 'text/csv' } })) as ListReply<StaffUpload>).items;
    expect(csv.map((u) => u.id)).toEqual([table.id]);
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(attempt(() => crud.get(CUSTOMER, { id: photo.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('no CRUD create or update, even for staff', async () => {
    const { row } = await addUpload('text/plain', 'txt');
    await expect(attempt(() => crud.create(EMPLOYEE, { body: {} }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.update(EMPLOYEE, { id: row.id, body: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // nor through the service's own path, which authorizes no one
    await expect(crud.saveForService({ body: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await ctx.ds.getRepository(UploadEntity).countBy({ mimeType: 'text/plain' })).toBe(1);
  });

  it("deleting an upload removes its files too; a customer's delete removes nothing", async () => {
    const { row, dir } = await addUpload('application/pdf', 'pdf');
    await expect(crud.delete(CUSTOMER, { id: row.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(existsSync(dir)).toBe(true);
    await crud.delete(EMPLOYEE, { id: row.id });
    expect(existsSync(dir)).toBe(false);
    expect(await ctx.ds.getRepository(UploadEntity).existsBy({ id: row.id })).toBe(false);
  });
});
