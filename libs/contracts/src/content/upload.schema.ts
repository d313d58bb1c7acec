import { z } from 'zod';

/** A file sent as a base64 data-URL (uploads and images). */
export const DataUrl = z
  .string()
  .min(1)
  .max(16_000_000)
  .regex(/^data:[\w.+-]+\/[\w.+-]+(;[\w-]+=[\w.-]+)*;base64,[A-Za-z0-9+/=\s]*$/, { error: 'validation.dataUrl' });

/**
 * storefront-presenter.md §7 "Create upload: body has the field data (a data-URL); result is an upload with
 * id, version, extension, publicHash, mimeType." `filename` (optional) names the extension when the data-URL's
 * MIME type allows several.
 */
export const UploadInput = z.object({
  data: DataUrl,
  filename: z.string().max(255).optional(),
});
export type UploadInput = z.input<typeof UploadInput>;

/** §3 "Upload: id, version, extension, publicHash, mimeType." */
export interface Upload {
  id: number;
  version: number;
  extension: string;
  publicHash: string;
  mimeType: string;
}

/** A reference to an upload as a cart item part carries it. */
export const UploadRef = z.object({ id: z.number().int().positive(), publicHash: z.string().min(1).max(64) }).loose();
export type UploadRef = z.infer<typeof UploadRef>;
