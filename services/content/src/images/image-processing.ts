import { IMAGE_TYPES, type ImageMimeType } from '@shop/contracts';
import { IMAGE_WIDTHS, type ImageSize } from '@shop/domain';
import sharp, { type FormatEnum } from 'sharp';
import { checkFileSize, dataError } from '../common/file-errors.js';
import type { ImageLimits } from '../config/image-limits.js';

/** An image checked and rendered, ready to be written. */
export interface PreparedImage {
  original: Buffer;
  mimeType: ImageMimeType;
  extension: string;
  width: number;
  height: number;
  /**
   * The size variants, in the original's format (the URL /image/{size}/{id}-{version}.{ext} names the
   * original's extension). Sizes at least as wide as the original get none: the original is served.
   */
  variants: Array<[ImageSize, Buffer]>;
}

const ACCEPTED = Object.keys(IMAGE_TYPES).join(', ');
/** sharp's decoder name → MIME type */
const DETECTED: Partial<Record<keyof FormatEnum, ImageMimeType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/**
 * Checks an image with German field errors on `data` and renders its size variants (api-contract.md
 * "Files": icon 64 … large 1920 px wide). The declared type must be one of IMAGE_TYPES; the stored type is
 * the one the bytes really have. SVGs are vectors: every size serves the original.
 */
export async function prepareImage(
  original: Buffer,
  declaredType: string,
  limits: ImageLimits,
): Promise<PreparedImage> {
  if (!(declaredType in IMAGE_TYPES)) throw dataError('validation.fileType', { type: declaredType, types: ACCEPTED });
  checkFileSize(original.length, limits.maxBytes);
  const meta = await sharp(original)
    .metadata()
    .catch(() => {
      throw dataError('validation.imageInvalid');
    });
  const mimeType = DETECTED[meta.format];
  if (!mimeType) throw dataError('validation.fileType', { type: `image/${meta.format}`, types: ACCEPTED });
  const { width, height } = meta.autoOrient;
  if (width > limits.maxWidth) throw dataError('validation.imageTooWide', { width, maxWidth: limits.maxWidth });
  if (height > limits.maxHeight) throw dataError('validation.imageTooHigh', { height, maxHeight: limits.maxHeight });

  const sizes =
    mimeType === 'image/svg+xml'
      ? []
      : (Object.entries(IMAGE_WIDTHS) as Array<[ImageSize, number]>).filter(([, w]) => w < width);
  const animated = meta.format === 'gif' || meta.format === 'webp';
  const render = (w?: number) =>
    sharp(original, { animated })
      .autoOrient()
      .resize(w ? { width: w } : undefined)
      .toFormat(meta.format)
      .toBuffer();
  try {
    const variants = await Promise.all(
      sizes.map(async ([size, w]): Promise<[ImageSize, Buffer]> => [size, await render(w)]),
    );
    // a raster too small for any variant is decoded once all the same: a broken file is refused now, not when served
    if (!variants.length && mimeType !== 'image/svg+xml') await render();
    return { original, mimeType, extension: IMAGE_TYPES[mimeType], width, height, variants };
  } catch {
    throw dataError('validation.imageInvalid');
  }
}

/** The MIME type of an image file by its name ('pizza.svg' → image/svg+xml); the seed reads files from disk. */
export function imageTypeOfFile(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const found = Object.entries(IMAGE_TYPES).find(([, ext]) => ext === (extension === 'jpeg' ? 'jpg' : extension));
  return found ? found[0] : 'application/octet-stream';
}
