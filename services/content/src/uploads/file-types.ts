import { DEFAULT_UPLOAD_EXTENSIONS } from '@shop/domain';

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
