import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { DataUrl } from './upload.schema.js';

/** The image types the content service accepts (MIME type → stored extension). */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
} as const;
export type ImageMimeType = keyof typeof IMAGE_TYPES;

const meta = {
  name: z.string().trim().max(255).default(''),
  /** kept as a string ('' = decorative) so an image is usable as a FileRef as it is */
  alt: z.string().trim().max(255).default(''),
};
/** name and alt, as the content service stores them */
export const ImageMetaInput = z.object(meta);
/** POST /api/images: the file as a data-URL, optionally its name and alternative text */
export const ImageCreateInput = z.object({ data: DataUrl, ...meta });
/**
 * PUT /api/images/{id}: the whole entity (name and alt as sent; id, version, size and the like are ignored);
 * a data-URL in `data` replaces the file and the version goes up by one.
 */
export const ImageUpdateInput = z.object({ data: DataUrl.optional(), ...meta });
export type ImageCreateInput = z.input<typeof ImageCreateInput>;
export type ImageUpdateInput = z.input<typeof ImageUpdateInput>;

/**
 * A stored image, served at /image/{id}-{version}.{extension} and /image/{size}/{id}-{version}.{extension}.
 * It is a FileRef ({id, version, extension, alt}) as it is, so it can be put into a branch's, product's,
 * category's, tag's or donatee's image fields directly.
 */
export interface Image extends EntityMeta {
  version: number;
  extension: string;
  mimeType: ImageMimeType;
  name: string;
  alt: string;
  /** pixels of the original (after EXIF orientation) */
  width: number;
  height: number;
  /** bytes of the original */
  size: number;
}

/** A file the gateway put into the object store bucket UPLOADS_INCOMING (a file may exceed a NATS message). */
export interface StagedFile {
  objectName: string;
  /** as the data-URL declared it */
  mimeType: string;
}
