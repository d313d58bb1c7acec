/**
 * §5 "Upload. Accepted types by default: .txt, .csv, .gif, .jpg, .jpeg, .png, .svg, .mp4, .mpeg, .webm,
 * .zip, .pdf, .doc, .docx, .xls, .xlsx, .ppt, .pptx. Image parts accept only .jpg, .jpeg, .png, .gif.
 * Multiple files only for 'images' and 'files'. Previews for jpeg, png, gif. Failure alert: 'Die
 * ausgewählte Datei "{filename}" kann nicht verarbeitet werden. …'"
 */
import type { StepType } from '@shop/contracts';
import { text } from '../texts.js';

export const DEFAULT_UPLOAD_EXTENSIONS = [
  '.txt',
  '.csv',
  '.gif',
  '.jpg',
  '.jpeg',
  '.png',
  '.svg',
  '.mp4',
  '.mpeg',
  '.webm',
  '.zip',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
] as const;
export const IMAGE_UPLOAD_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;
export const PREVIEW_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export function isUploadStep(type: StepType): boolean {
  return type === 'image' || type === 'images' || type === 'file' || type === 'files';
}

/** The accepted extensions of an upload step (image parts: images only). */
export function acceptedExtensions(type: StepType): readonly string[] {
  return type === 'image' || type === 'images' ? IMAGE_UPLOAD_EXTENSIONS : DEFAULT_UPLOAD_EXTENSIONS;
}

/** The value of an <input accept> attribute. */
export function acceptAttribute(type: StepType): string {
  return acceptedExtensions(type).join(',');
}

/** Whether a file name has an accepted extension for the step (case-insensitive). */
export function isAcceptedFile(type: StepType, filename: string): boolean {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return false;
  return acceptedExtensions(type).includes(filename.slice(dot).toLowerCase());
}

/** "Multiple files only for 'images' and 'files'." */
export function allowsMultipleFiles(type: StepType): boolean {
  return type === 'images' || type === 'files';
}

/** "Previews for jpeg, png, gif." (by MIME type) */
export function hasPreview(mimeType: string): boolean {
  return (PREVIEW_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

export function uploadFailureMessage(filename: string): string {
  return text('uploadFailed', { filename });
}
