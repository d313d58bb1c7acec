/**
 * An order line's chosen parts as staff read them (board card, order details, item edit, receipt): per step its
 * name (when the product's steps are known) and its values — option names, texts, and uploaded files with their
 * name and address. A part is stored as the order service accepted it: options as catalogue options, texts,
 * upload references (id, publicHash; the storefront adds version, extension, mimeType and the customer's file
 * name).
 */
import type { ConfigurationStep } from '@shop/contracts';
import { uploadUrl } from '../content/layout.js';
import { hasPreview } from './uploads.js';

export interface ShownUpload {
  kind: 'upload';
  /** the customer's file name, else the stored file's ('21.png'), else 'Datei 21' */
  name: string;
  /** null when the reference does not carry a valid version and extension */
  url: string | null;
  /** JPEG, PNG and GIF show a thumbnail */
  isImage: boolean;
  /** the content service's JPEG preview of a picture (§7 /upload/{publicHash}/preview/{id}-{version}.jpg), else null */
  thumbnailUrl: string | null;
}
export type ShownPartValue = { kind: 'text'; text: string } | ShownUpload;
export interface ShownPart {
  key: string;
  /** the step's name; null when the product's steps are not known */
  label: string | null;
  values: ShownPartValue[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isUploadRef = (v: unknown): v is Record<string, unknown> & { id: number; publicHash: string } =>
  isRecord(v) && typeof v.id === 'number' && typeof v.publicHash === 'string';

function shownUpload(ref: Record<string, unknown> & { id: number; publicHash: string }): ShownUpload {
  const version = typeof ref.version === 'number' && Number.isInteger(ref.version) ? ref.version : null;
  const extension = typeof ref.extension === 'string' && /^[a-z0-9]{1,8}$/.test(ref.extension) ? ref.extension : null;
  const filename = typeof ref.filename === 'string' && ref.filename.trim() ? ref.filename.trim() : null;
  const file =
    version !== null && extension !== null && /^[A-Za-z0-9_-]{16,64}$/.test(ref.publicHash)
      ? { id: ref.id, version, extension, publicHash: ref.publicHash }
      : null;
  const isImage = file !== null && typeof ref.mimeType === 'string' && hasPreview(ref.mimeType);
  return {
    kind: 'upload',
    name: filename ?? (extension ? `${ref.id}.${extension}` : `#${ref.id}`),
    url: file && uploadUrl(file),
    isImage,
    thumbnailUrl: file && isImage ? uploadUrl(file, true) : null,
  };
}

function shownValue(v: unknown): ShownPartValue | null {
  if (typeof v === 'string') return v.trim() ? { kind: 'text', text: v.trim() } : null;
  if (typeof v === 'number') return { kind: 'text', text: String(v) };
  if (isUploadRef(v)) return shownUpload(v);
  if (isRecord(v) && typeof v.name === 'string') return { kind: 'text', text: v.name };
  return null;
}

/** The line's parts in the product's step order (unknown steps after them, in stored order); empty ones left out. */
export function orderLineParts(
  parts: Readonly<Record<string, unknown>>,
  steps?: Readonly<Record<string, Pick<ConfigurationStep, 'name'>>>,
): ShownPart[] {
  const keys = [...Object.keys(steps ?? {}).filter((k) => k in parts), ...Object.keys(parts)];
  return [...new Set(keys)].flatMap((key) => {
    const raw = parts[key];
    const values = (Array.isArray(raw) ? raw : [raw]).map(shownValue).filter((v): v is ShownPartValue => v !== null);
    return values.length ? [{ key, label: steps?.[key]?.name ?? null, values }] : [];
  });
}

/** One line of text per part ('Größe: Familienpizza (40 cm)', 'Foto: urlaub.jpg'), for receipts and e-mails. */
export function orderLinePartTexts(
  parts: Readonly<Record<string, unknown>>,
  steps?: Readonly<Record<string, Pick<ConfigurationStep, 'name'>>>,
): string[] {
  return orderLineParts(parts, steps).map((p) => {
    const values = p.values.map((v) => (v.kind === 'text' ? v.text : v.name)).join(', ');
    return p.label ? `${p.label}: ${values}` : values;
  });
}
