import { IMAGE_WIDTHS } from '@shop/domain';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import sharp from 'sharp';
import { IMAGE_LIMIT_DEFAULTS } from '../../services/content/src/config/image-limits.js';
import type { PreparedImage } from '../../services/content/src/images/image-processing.js';
import type { PreparedImageMemo } from '../../services/content/src/seed/seed-images.js';

const DIR = join(tmpdir(), 'shop-seed-images');
const SOURCES = [
  '../../services/content/src/images/image-processing.ts',
  '../../services/content/src/seed/seed-images.ts',
];

/**
 * What decides a prepared image besides its file: the code that renders it (its sources), sharp's libraries, the
 * sizes and limits. A change to any of them makes every key new, so a stale rendering is never served.
 */
const RENDERING = createHash('sha256')
  .update(SOURCES.map((s) => readFileSync(fileURLToPath(new URL(s, import.meta.url)), 'utf8')).join('\n'))
  .update(JSON.stringify([sharp.versions, IMAGE_WIDTHS, IMAGE_LIMIT_DEFAULTS]))
  .digest('hex');

/**
 * The demo's images as the seed prepares them, kept on disk across test files and Jest workers (every test stack
 * seeds the same 56 files; sharp took 4.4 s of each seed). Files of the demo (`path`) only, keyed by their bytes,
 * their raster format and RENDERING; drawings rendered at seed time are prepared each time. Written under a temporary
 * name and renamed, so a worker never reads another's half-written file.
 */
export const seedImageMemo: PreparedImageMemo = async (file, prepare) => {
  if (!('path' in file)) return prepare();
  const key = createHash('sha256')
    .update(RENDERING)
    .update(`${file.name}\n${file.raster ?? ''}\n`)
    .update(await readFile(file.path))
    .digest('hex');
  const path = join(DIR, key);
  const kept = await readFile(path).catch(() => null);
  if (kept) return deserialize(kept) as PreparedImage;
  const prepared = await prepare();
  mkdirSync(DIR, { recursive: true });
  const partial = `${path}.${randomBytes(6).toString('hex')}`;
  await writeFile(partial, serialize(prepared));
  await rename(partial, path);
  return prepared;
};
