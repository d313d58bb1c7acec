import type { FileRef } from '@shop/contracts';
import type { OutboxKicker } from '@shop/server';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { ImageEntity } from '../images/image.entity.js';
import { ImageFiles } from '../images/image-files.js';
import { IMAGE_LIMIT_DEFAULTS } from '../config/image-limits.js';
import { imageTypeOfFile, prepareImage, type PreparedImage } from '../images/image-processing.js';

export type SeedImageFile = {
  /** the image's name; the natural key that makes seeding idempotent */
  name: string;
  alt?: string;
} &
  /** a file as it is; with `raster`, an SVG drawing stored as the raster image a shop uploads (`name` ends so) */
  (
    | { path: string; raster?: 'jpg' | 'png' }
    /** an image drawn at seed time (the content demo's): called only when its row or file is missing */
    | { render: () => Promise<Buffer> }
  );

/**
 * Prepares a seed file through `prepare` or answers what an earlier `prepare` of the same file gave (the tests keep
 * the demo's rendered sizes on disk: 56 images took 4.4 s of every test stack's seed).
 */
export type PreparedImageMemo = (file: SeedImageFile, prepare: () => Promise<PreparedImage>) => Promise<PreparedImage>;

/**
 * Demo images as real image rows (through the same checks and files as an upload), so their ids come from
 * the image table and an uploaded image never collides with a seeded one. Idempotent: an image of that name
 * is kept as it is (staff may have changed it); only the seeded version's missing files are written again.
 */
export async function seedImages(
  ds: DataSource,
  filesDir: string,
  list: SeedImageFile[],
  relay: OutboxKicker = { kick: () => Promise.resolve() },
  memo: PreparedImageMemo = (_file, prepare) => prepare(),
): Promise<Record<string, Pick<FileRef, 'id' | 'version' | 'extension'>>> {
  const files = new ImageFiles(filesDir);
  const render = async (file: SeedImageFile) => {
    if (!('path' in file)) return prepareImage(await file.render(), imageTypeOfFile(file.name), IMAGE_LIMIT_DEFAULTS);
    if (!file.raster) return prepareImage(await readFile(file.path), imageTypeOfFile(file.path), IMAGE_LIMIT_DEFAULTS);
    return prepareImage(await rasterOf(file.path, file.raster), imageTypeOfFile(file.name), IMAGE_LIMIT_DEFAULTS);
  };
  const prepare = (file: SeedImageFile) => memo(file, () => render(file));
  const refs: Record<string, Pick<FileRef, 'id' | 'version' | 'extension'>> = {};
  for (const file of list) {
    let row = await ds.getRepository(ImageEntity).findOne({ where: { name: file.name }, order: { id: 'ASC' } });
    if (!row) {
      const prepared = await prepare(file);
      row = await ds.transaction((m) => files.insert(m, prepared, { name: file.name, alt: file.alt ?? '' }));
    } else if (row.version === 1 && !existsSync(files.originalPath(row))) {
      // version 1 of a seeded row is the seed's file (a fresh FILES_DIR); later versions are staff uploads
      await files.write(row, await prepare(file));
    }
    refs[file.name] = { id: row.id, version: row.version, extension: row.extension };
  }
  void relay.kick();
  return refs;
}

/**
 * A demo drawing as a shop's picture: rendered at twice its size (SVG at 144 dpi), a photo as JPEG, a logo as PNG with
 * its transparency; the upload's size variants follow. An SVG in an <img> is a document of its own that the browser
 * parses, styles and lays out on the page's main thread, its text with font look-ups: the demo's drawings cost the
 * storefront's first screen main-thread time that shops' photos and logos do not (issue 22).
 */
async function rasterOf(svgPath: string, format: 'jpg' | 'png'): Promise<Buffer> {
  const drawing = sharp(await readFile(svgPath), { density: 144 });
  return (
    format === 'png'
      ? drawing.png({ compressionLevel: 9, palette: true })
      : drawing.jpeg({ quality: 80, mozjpeg: true })
  ).toBuffer();
}
