import { DEFAULT_UPLOAD_EXTENSIONS } from '@shop/domain';
import { fileTypeFromBuffer } from 'file-type';
import { dataError } from '../common/file-errors.js';

/** MIME types of the accepted upload extensions (storefront-presenter.md §5 "Upload"). */
const MIME_TYPES: Record<string, readonly string[]> = {
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'image/gif': ['gif'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/svg+xml': ['svg'],
  'video/mp4': ['mp4'],
  'video/mpeg': ['mpeg'],
  'video/webm': ['webm'],
  'application/zip': ['zip'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
};

/**
 * The stored extension for a MIME type: the file name's when it is one the type allows, else the type's
 * first; null when the type is not accepted at all.
 */
export function extensionFor(mimeType: string, filename?: string): string | null {
  const allowed = (MIME_TYPES[mimeType.toLowerCase()] ?? []).filter((e) =>
    (DEFAULT_UPLOAD_EXTENSIONS as readonly string[]).includes(`.${e}`),
  );
  if (!allowed.length) return null;
  const fromName = filename?.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : null;
  return fromName && allowed.includes(fromName) ? fromName : allowed[0];
}

export const ACCEPTED_TYPES = Object.keys(MIME_TYPES).join(', ');

/** Types with no magic bytes (file-type cannot tell them): accepted when the bytes are text. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'image/svg+xml']);
/** What file-type answers for the old Office formats (a compound file) and for the new ones it cannot open (a zip). */
const CONTAINERS: Record<string, readonly string[]> = {
  'application/x-cfb': ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
  'application/zip': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
};

/** UTF-8 text without control bytes other than tab, line feed, carriage return and form feed. */
function isText(bytes: Buffer): boolean {
  // eslint-disable-next-line no-control-regex -- control bytes are exactly what marks a binary file
  return !/[\x00-\x08\x0b\x0e-\x1f]/.test(bytes.toString('utf8')) && Buffer.from(bytes.toString('utf8')).equals(bytes);
}

/**
 * The type of an upload from its bytes (issue 15 item 9), never from the MIME type the browser claimed: file-type
 * reads the magic bytes; formats without any (text, CSV, SVG) must be text. The claimed type must be the one
 * found (an Office file inside its container counts), and one of the accepted types; else a German 422 on `data`.
 */
export async function sniffUpload(
  bytes: Buffer,
  claimed: string,
  filename?: string,
): Promise<{ mimeType: string; extension: string }> {
  const found = await fileTypeFromBuffer(bytes);
  let mimeType: string | null = null;
  if (found) {
    if (found.mime === claimed || CONTAINERS[found.mime]?.includes(claimed)) mimeType = claimed;
    else if (MIME_TYPES[found.mime]) throw dataError('content.uploadTypeMismatch', { claimed, actual: found.mime });
  } else if (TEXT_TYPES.has(claimed) && isText(bytes)) {
    mimeType = claimed === 'image/svg+xml' && !/<svg[\s>]/i.test(bytes.toString('utf8')) ? null : claimed;
  }
  const extension = mimeType && extensionFor(mimeType, filename);
  if (!mimeType || !extension)
    throw dataError('validation.fileType', { type: found?.mime ?? claimed, types: ACCEPTED_TYPES });
  return { mimeType, extension };
}

/** Uploads with a JPEG preview (storefront-presenter.md §5 "Previews for jpeg, png, gif"). */
export const PREVIEW_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
