import type { Image, ImageMimeType } from '@shop/contracts';
import { addEntityEventToOutbox, meta } from '@shop/server';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EntityManager } from 'typeorm';
import { ImageEntity } from './image.entity.js';
import type { PreparedImage } from './image-processing.js';

export const toImage = (e: ImageEntity): Image => ({
  ...meta(e),
  version: e.version,
  extension: e.extension,
  mimeType: e.mimeType as ImageMimeType,
  name: e.name,
  alt: e.alt,
  width: e.width,
  height: e.height,
  size: e.size,
});

/** The columns that describe the file. */
export const fileColumns = (p: PreparedImage) => ({
  extension: p.extension,
  mimeType: p.mimeType,
  width: p.width,
  height: p.height,
  size: p.original.length,
});

/**
 * The files of images: FILES_DIR/image/{id}-{version}.{ext} and FILES_DIR/image/{size}/{id}-{version}.{ext}.
 * Files of replaced versions stay: their URLs are immutable and may be cached for a year, in pages that still name
 * them. A deleted image's files go, every version and size (issue 37 item 9): whoever deletes a picture wants it
 * gone; only copies browsers and proxies already keep may still show.
 */
export class ImageFiles {
  readonly root: string;
  constructor(filesDir: string) {
    this.root = resolve(filesDir, 'image');
  }

  originalPath(image: Pick<ImageEntity, 'id' | 'version' | 'extension'>): string {
    return join(this.root, `${image.id}-${image.version}.${image.extension}`);
  }

  async write(image: Pick<ImageEntity, 'id' | 'version' | 'extension'>, prepared: PreparedImage): Promise<void> {
    const name = `${image.id}-${image.version}.${image.extension}`;
    for (const [size, bytes] of prepared.variants) {
      await mkdir(join(this.root, size), { recursive: true });
      await writeFile(join(this.root, size, name), bytes);
    }
    await mkdir(this.root, { recursive: true });
    await writeFile(this.originalPath(image), prepared.original);
  }

  /** Removes every file of the image: each version, the original and every size. */
  async remove(id: number): Promise<void> {
    const ofImage = new RegExp(`^${id}-\\d+\\.[a-z0-9]+$`);
    const folders = [this.root, ...(await subfolders(this.root))];
    for (const folder of folders) {
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names) if (ofImage.test(name)) await rm(join(folder, name), { force: true });
    }
  }

  /** A new image row with its files and its `content.image.created` event, in the caller's transaction. */
  async insert(m: EntityManager, prepared: PreparedImage, names: { name: string; alt: string }): Promise<ImageEntity> {
    const row = m.create(ImageEntity, { ...fileColumns(prepared), ...names, version: 1 });
    await m.save(row);
    // the row and its event commit only once the files are on disk
    await this.write(row, prepared);
    await addEntityEventToOutbox(m, 'content.image.created', row.id);
    return row;
  }
}

const subfolders = async (dir: string) =>
  (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name));
