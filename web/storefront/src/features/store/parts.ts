import type { Product } from '@shop/contracts';
import type { CartParts, OptionLike, Upload } from '@shop/domain';

const isOption = (v: unknown): v is OptionLike => typeof v === 'object' && v !== null && 'name' in v && 'modifier' in v;
const isUpload = (v: unknown): v is Upload => typeof v === 'object' && v !== null && 'publicHash' in v;

/** An upload as a part keeps the customer's file name beside the server's reference (the server ignores it). */
export type ChosenUpload = Upload & { filename?: string };

/** The name a customer recognises: the file they chose, else the stored file's. */
export function uploadName(upload: ChosenUpload): string {
  return upload.filename || `${upload.id}.${upload.extension}`;
}

/** A cart line's chosen parts as 'Step: value' lines, for display only. */
export function partsSummary(product: Pick<Product, 'config'>, parts: CartParts | undefined): string[] {
  if (!parts) return [];
  const lines: string[] = [];
  for (const [key, step] of Object.entries(product.config.parts)) {
    const value = parts[key];
    if (value === null || value === undefined || value === '') continue;
    let shown: string;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      shown = value.map((v: unknown) => (isOption(v) ? v.name : isUpload(v) ? uploadName(v) : String(v))).join(', ');
    } else if (isOption(value)) shown = value.name;
    else if (isUpload(value)) shown = uploadName(value);
    else shown = String(value);
    lines.push(`${step.name}: ${shown}`);
  }
  return lines;
}

/** The order payload's parts: options by value, texts, upload references (the server re-prices by name). */
export function partsPayload(parts: CartParts | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parts ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}
