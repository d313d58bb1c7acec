import { Inject, Injectable } from '@nestjs/common';
import type { RpcMap, Upload, UploadRef } from '@shop/contracts';
import { addEntityEventToOutbox, CONFIG, OUTBOX_RELAY, ServiceBus, type OutboxKicker } from '@shop/server';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { DataSource, In, LessThan } from 'typeorm';
import { checkFileSize, dataError } from '../common/file-errors.js';
import { StagedFiles } from '../common/staged-files.js';
import type { ContentConfig } from '../config/content-config.js';
import { ACCEPTED_TYPES, PREVIEW_TYPES, sniffUpload } from './file-types.js';
import { UploadEntity } from './upload.entity.js';

export const toUpload = (u: UploadEntity): Upload => ({
  id: u.id,
  version: u.version,
  extension: u.extension,
  publicHash: u.publicHash,
  mimeType: u.mimeType,
});

/** The preview's edge (px): big enough for a cart line and an order view, small enough to load at once. */
const PREVIEW_SIZE = 640;

/** The JPEG preview of a picture (its first frame, orientation applied, transparency on white). */
async function renderPreview(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { animated: false })
      .rotate()
      .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    // the magic bytes said picture, the rest is not one
    throw dataError('validation.fileType', { type: 'image', types: ACCEPTED_TYPES });
  }
}

@Injectable()
export class UploadService {
  private readonly root: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: ContentConfig,
    private readonly staged: StagedFiles,
    private readonly bus: ServiceBus,
  ) {
    this.root = resolve(config.FILES_DIR, 'upload');
  }

  /**
   * The gateway left the bytes of a data-URL in the upload bucket: type and size are checked (German field
   * errors on `data`), the file is stored, and the object is taken out of the bucket either way.
   */
  async create({ objectName, mimeType: rawType, filename }: RpcMap['content.upload.create']['req']): Promise<Upload> {
    return this.staged.take(objectName, (bytes) => this.store(bytes, String(rawType).toLowerCase(), filename));
  }

  private async store(bytes: Buffer, claimedType: string, filename?: string): Promise<Upload> {
    const upload = await storeUpload(this.ds, this.root, bytes, claimedType, filename, this.config.UPLOAD_MAX_BYTES);
    void this.relay.kick();
    return toUpload(upload);
  }

  /**
   * Deletes uploads created before `before` that nothing refers to (issue 15 item 9): not the content (a site's,
   * node's or block's content names the upload's public hash) and not an order line (the order service owns
   * those and answers `order.upload.referenced`). When the order service does not answer, nothing is deleted.
   * Returns how many were deleted.
   */
  async purgeUnreferenced(before: Date, batch = 500): Promise<number> {
    const old = await this.ds
      .getRepository(UploadEntity)
      .find({ where: { createdAt: LessThan(before) }, order: { id: 'ASC' }, take: batch });
    if (!old.length) return 0;
    const inContent: Array<{ id: number }> = await this.ds.query(
      `SELECT u.id FROM "content"."upload" u WHERE u.id = ANY($1) AND (
         EXISTS (SELECT 1 FROM "content"."site" s WHERE s.content::text LIKE '%' || u."publicHash" || '%')
         OR EXISTS (SELECT 1 FROM "content"."node" n WHERE n.content::text LIKE '%' || u."publicHash" || '%')
         OR EXISTS (SELECT 1 FROM "content"."block" b WHERE b.content::text LIKE '%' || u."publicHash" || '%'))`,
      [old.map((u) => u.id)],
    );
    const kept = new Set(inContent.map((r) => r.id));
    const candidates = old.filter((u) => !kept.has(u.id));
    if (!candidates.length) return 0;
    const { referenced } = await this.bus.requestAsService('order.upload.referenced', {
      ids: candidates.map((u) => u.id),
    });
    const doomed = candidates.filter((u) => !referenced.includes(u.id));
    for (const u of doomed) await this.remove(u);
    return doomed.length;
  }

  /** Deletes one upload: its row with the event, then its files. */
  async remove(upload: UploadEntity): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.delete(UploadEntity, { id: upload.id });
      await addEntityEventToOutbox(m, 'content.upload.deleted', upload.id);
    });
    await removeUploadFiles(this.root, upload);
    void this.relay.kick();
  }

  /** The references (id + publicHash) that name no stored upload. */
  async verify(refs: UploadRef[]): Promise<{ missing: UploadRef[] }> {
    if (!refs.length) return { missing: [] };
    const found = await this.ds.getRepository(UploadEntity).findBy({ id: In([...new Set(refs.map((r) => r.id))]) });
    const known = new Set(found.map((u) => `${u.id}:${u.publicHash}`));
    return { missing: refs.filter((r) => !known.has(`${r.id}:${r.publicHash}`)) };
  }
}

/**
 * Checks and stores one file as an upload (type from its bytes, size limit, JPEG preview of a picture): the row,
 * its file and its `content.upload.created` event. The API's upload and the content demo's seed both write here.
 */
export async function storeUpload(
  ds: DataSource,
  root: string,
  bytes: Buffer,
  claimedType: string,
  filename: string | undefined,
  maxBytes: number,
): Promise<UploadEntity> {
  checkFileSize(bytes.length, maxBytes);
  const { mimeType, extension } = await sniffUpload(bytes, claimedType, filename);
  const preview = PREVIEW_TYPES.has(mimeType) ? await renderPreview(bytes) : null;
  // the row and its event commit only once the file is on disk
  return ds.transaction(async (m) => {
    const row = m.create(UploadEntity, {
      extension,
      mimeType,
      publicHash: randomBytes(16).toString('base64url'),
      size: bytes.length,
      originalName: filename ?? null,
      version: 1,
    });
    await m.save(row);
    await writeUploadFiles(root, row, bytes, preview);
    await addEntityEventToOutbox(m, 'content.upload.created', row.id, { publicHash: row.publicHash });
    return row;
  });
}

/** The path of an upload's file: FILES_DIR/upload/{publicHash}/{id}-{version}.{extension}. */
export const uploadFilePath = (root: string, u: Pick<UploadEntity, 'id' | 'version' | 'extension' | 'publicHash'>) =>
  join(root, u.publicHash, `${u.id}-${u.version}.${u.extension}`);

/** Writes an upload's file and, for a picture, its preview (rendered here when the caller has none). */
export async function writeUploadFiles(
  root: string,
  u: Pick<UploadEntity, 'id' | 'version' | 'extension' | 'publicHash' | 'mimeType'>,
  bytes: Buffer,
  preview?: Buffer | null,
): Promise<void> {
  const dir = join(root, u.publicHash);
  await mkdir(dir, { recursive: true });
  await writeFile(uploadFilePath(root, u), bytes);
  const jpeg = preview ?? (PREVIEW_TYPES.has(u.mimeType) ? await renderPreview(bytes) : null);
  if (jpeg) {
    await mkdir(join(dir, 'preview'), { recursive: true });
    await writeFile(join(dir, 'preview', `${u.id}-${u.version}.jpg`), jpeg);
  }
}

/** An upload's files: its folder (each upload has its own public hash, so the folder holds its file and preview only). */
export async function removeUploadFiles(root: string, u: Pick<UploadEntity, 'publicHash'>): Promise<void> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(u.publicHash)) return;
  await rm(join(root, u.publicHash), { recursive: true, force: true });
}
