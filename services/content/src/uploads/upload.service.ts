import { Inject, Injectable } from '@nestjs/common';
import type { RpcMap, Upload, UploadRef } from '@shop/contracts';
import { addToOutbox, CONFIG, OUTBOX_RELAY, type OutboxKicker } from '@shop/server';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataSource, In } from 'typeorm';
import { checkFileSize, dataError } from '../common/file-errors.js';
import { StagedFiles } from '../common/staged-files.js';
import type { ContentConfig } from '../config/content-config.js';
import { ACCEPTED_TYPES, extensionFor } from './file-types.js';
import { UploadEntity } from './upload.entity.js';

const toUpload = (u: UploadEntity): Upload => ({
  id: u.id,
  version: u.version,
  extension: u.extension,
  publicHash: u.publicHash,
  mimeType: u.mimeType,
});

@Injectable()
export class UploadService {
  private readonly root: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: ContentConfig,
    private readonly staged: StagedFiles,
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

  private async store(bytes: Buffer, mimeType: string, filename?: string): Promise<Upload> {
    const extension = extensionFor(mimeType, filename);
    if (!extension) throw dataError('validation.fileType', { type: mimeType, types: ACCEPTED_TYPES });
    checkFileSize(bytes.length, this.config.UPLOAD_MAX_BYTES);
    // the row and its event commit only once the file is on disk
    const upload = await this.ds.transaction(async (m) => {
      const row = m.create(UploadEntity, {
        extension,
        mimeType,
        publicHash: randomBytes(16).toString('base64url'),
        size: bytes.length,
        originalName: filename ?? null,
        version: 1,
      });
      await m.save(row);
      const dir = join(this.root, row.publicHash);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${row.id}-${row.version}.${row.extension}`), bytes);
      await addToOutbox(m, 'content.upload.created', {
        entity: 'upload',
        id: row.id,
        verb: 'created',
        at: new Date().toISOString(),
      });
      return row;
    });
    void this.relay.kick();
    return toUpload(upload);
  }

  /** The references (id + publicHash) that name no stored upload. */
  async verify(refs: UploadRef[]): Promise<{ missing: UploadRef[] }> {
    if (!refs.length) return { missing: [] };
    const found = await this.ds.getRepository(UploadEntity).findBy({ id: In([...new Set(refs.map((r) => r.id))]) });
    const known = new Set(found.map((u) => `${u.id}:${u.publicHash}`));
    return { missing: refs.filter((r) => !known.has(`${r.id}:${r.publicHash}`)) };
  }
}
