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

/**
 * POST /api/uploads/{id}/rename (staff, issue 42 item 7): the name the back office shows for an upload (its original
 * file name until then). The file and its address stay as they are.
 */
export const UploadRenameInput = z.object({
  originalName: z.string().trim().min(1).max(255),
});
export type UploadRenameInput = z.input<typeof UploadRenameInput>;

/** Uploads are created only by POST /api/uploads (a data-URL); CRUD takes no body. */
export const UploadStaffInput = z.object({}).strict();

/** An upload as staff see it (GET /api/uploads): the file's reference plus size, original name and age. */
export interface StaffUpload extends Upload {
  size: number;
  originalName: string | null;
  createdAt: string;
  updatedAt: string;
  /** the file's address: /upload/{publicHash}/{id}-{version}.{extension} */
  url: string;
  /** the JPEG preview's address for pictures (jpeg, png, gif), else null */
  previewUrl: string | null;
}
