import type { FileRef } from '@shop/contracts';
import type { OutboxKicker } from '@shop/server';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { UploadEntity } from '../uploads/upload.entity.js';
import { storeUpload, uploadFilePath, writeUploadFiles } from '../uploads/upload.service.js';

/** Large enough for the demo's exposés and floor plans; the API's uploads keep UPLOAD_MAX_BYTES. */
const SEED_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export interface SeedUploadFile {
  /** the file's name (stored as the upload's original name): the natural key that makes seeding idempotent */
  name: string;
  mimeType: string;
  /** drawn at seed time: called only when the upload or its file is missing */
  render: () => Promise<Buffer>;
}

/**
 * Demo files (exposés, floor plans) as real uploads, through the same type check, preview and event as an upload
 * of the API, so a file field of the content refers to them like to any upload. Idempotent: an upload of that name
 * is kept; only its missing file (a fresh FILES_DIR) is written again.
 */
export async function seedUploads(
  ds: DataSource,
  filesDir: string,
  list: SeedUploadFile[],
  relay: OutboxKicker = { kick: () => Promise.resolve() },
): Promise<Record<string, FileRef & { publicHash: string }>> {
  const root = resolve(filesDir, 'upload');
  const refs: Record<string, FileRef & { publicHash: string }> = {};
  for (const file of list) {
    let row = await ds
      .getRepository(UploadEntity)
      .findOne({ where: { originalName: file.name }, order: { id: 'ASC' } });
    if (!row) row = await storeUpload(ds, root, await file.render(), file.mimeType, file.name, SEED_UPLOAD_MAX_BYTES);
    else if (!existsSync(uploadFilePath(root, row))) await writeUploadFiles(root, row, await file.render());
    refs[file.name] = { id: row.id, version: row.version, extension: row.extension, publicHash: row.publicHash };
  }
  void relay.kick();
  return refs;
}
