import { Inject, Injectable } from '@nestjs/common';
import { ImageMetaInput, type Actor, type Image, type RpcMap, type StagedFile } from '@shop/contracts';
import {
  addEntityEventToOutbox,
  CONFIG,
  CrudService,
  requireAccess,
  OUTBOX_RELAY,
  parseOrThrow,
  type CrudDefinition,
  type CrudVerbKind,
  type OutboxKicker,
} from '@shop/server';
import { z } from 'zod';
import { DataSource } from 'typeorm';
import { StagedFiles } from '../common/staged-files.js';
import type { ContentConfig } from '../config/content-config.js';
import { ImageEntity } from './image.entity.js';
import { fileColumns, ImageFiles, toImage } from './image-files.js';
import type { ImageLimits } from '../config/image-limits.js';
import { prepareImage, type PreparedImage } from './image-processing.js';
import { NOUNS } from '@shop/i18n-de';

type ImageMeta = z.output<typeof ImageMetaInput>;

/**
 * Staff read and write images (ROLE_ADMIN and ROLE_EMPLOYEE); only administrators delete, because an image
 * may be used by any branch's entities and by entities of other services.
 */
function authorize(actor: Actor | null, verb: CrudVerbKind): void {
  requireAccess(actor, verb === 'delete' ? 'admin' : 'staff');
}

/** List (paging, ?search= in the name), get and delete are the standard ones; create and update carry a file. */
const imageCrud: CrudDefinition<ImageEntity, ImageMeta> = {
  service: 'content',
  entity: 'image',
  label: NOUNS.image,
  target: ImageEntity,
  input: ImageMetaInput,
  filters: z.object({}),
  searchColumns: ['name'],
  order: { createdAt: 'DESC' },
  authorize,
  assign: (input, e) => void Object.assign(e, input),
  toDto: toImage,
};

@Injectable()
export class ImageService {
  private readonly crud: CrudService<ImageEntity, ImageMeta>;
  private readonly files: ImageFiles;
  private readonly limits: ImageLimits;

  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) config: ContentConfig,
    private readonly staged: StagedFiles,
  ) {
    this.crud = new CrudService(imageCrud, ds, relay);
    this.files = new ImageFiles(config.FILES_DIR);
    this.limits = {
      maxBytes: config.IMAGE_MAX_BYTES,
      maxWidth: config.IMAGE_MAX_WIDTH,
      maxHeight: config.IMAGE_MAX_HEIGHT,
    };
  }

  list(actor: Actor | null, req: RpcMap['content.image.list']['req']) {
    return this.crud.list(actor, req);
  }

  get(actor: Actor | null, { id }: RpcMap['content.image.get']['req']) {
    return this.crud.get(actor, { id });
  }

  /** The row and its event first; the files once that committed (a refused delete leaves them). */
  async delete(actor: Actor | null, { id }: RpcMap['content.image.delete']['req']) {
    const deleted = await this.crud.delete(actor, { id });
    await this.files.remove(id);
    return deleted;
  }

  /** The gateway left the file in the upload bucket: checked, rendered and stored with its row and event. */
  create(actor: Actor | null, { file, body }: RpcMap['content.image.create']['req']): Promise<Image> {
    return this.staged.take(file.objectName, async (bytes) => {
      const names = parseOrThrow(ImageMetaInput, body ?? {});
      authorize(actor, 'create');
      const prepared = await this.prepare(bytes, file);
      const row = await this.ds.transaction((m) => this.files.insert(m, prepared, names));
      void this.relay.kick();
      return toImage(row);
    });
  }

  /** Bytes this service produced itself (the content AI's picture), stored like an upload with its row and event. */
  async storeGenerated(bytes: Buffer, names: { name: string; alt: string }): Promise<Image> {
    const prepared = await prepareImage(bytes, 'image/png', this.limits);
    const row = await this.ds.transaction((m) => this.files.insert(m, prepared, names));
    void this.relay.kick();
    return toImage(row);
  }

  /** Name and alt as sent; a file replaces the current one under the next version (the old files stay). */
  async update(actor: Actor | null, { id, file, body }: RpcMap['content.image.update']['req']): Promise<Image> {
    if (!file) return this.replace(actor, id, body, null);
    return this.staged.take(file.objectName, (bytes) => this.replace(actor, id, body, { bytes, file }));
  }

  private async replace(
    actor: Actor | null,
    id: number,
    body: unknown,
    upload: { bytes: Buffer; file: StagedFile } | null,
  ): Promise<Image> {
    const names = parseOrThrow(ImageMetaInput, body ?? {});
    authorize(actor, 'update');
    // unknown ids answer 404 before any rendering work
    await this.crud.find(actor, { id });
    const prepared = upload ? await this.prepare(upload.bytes, upload.file) : null;
    const row = await this.ds.transaction(async (m) => {
      const e = await this.crud.find(actor, { id }, m);
      await imageCrud.assign(names, e, m);
      if (prepared) {
        Object.assign(e, fileColumns(prepared), { version: e.version + 1 });
        await this.files.write(e, prepared);
      }
      await m.save(e);
      await addEntityEventToOutbox(m, 'content.image.updated', e.id);
      return e;
    });
    void this.relay.kick();
    return toImage(row);
  }

  private prepare(bytes: Buffer, file: StagedFile): Promise<PreparedImage> {
    return prepareImage(bytes, String(file.mimeType).toLowerCase(), this.limits);
  }
}
