/**
 * §9 "Slugs: lowercase, umlauts transliterated (ae, oe, ue, ss), spaces and underscores become hyphens,
 * other characters removed." "truncation default 128 characters with '...'."
 * §5 "URL normalisation: an address without {host} https:// or a leading / gets http:// prepended; empty becomes /."
 */
import { TRUNCATE_LENGTH, TRUNCATE_SUFFIX } from '../constants.js';

const TRANSLITERATION: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** 'Wohnen am Fluß_Süd' → 'wohnen-am-fluss-sued'. Hyphens are not collapsed; all other characters are removed. */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => TRANSLITERATION[c])
    .replace(/[ _]/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/**
 * An address that starts with neither http://, https:// nor / gets http:// prepended; empty becomes '/'.
 * (The spec's "{host}" is read as the http:// scheme; an address already starting with it is kept.)
 */
export function normalizeUrl(value: string | null | undefined): string {
  const url = (value ?? '').trim();
  if (url === '') return '/';
  if (/^https?:\/\//i.test(url) || url.startsWith('/')) return url;
  return `http://${url}`;
}

/** The first `length` characters plus '...' when longer; unchanged otherwise. */
export function truncate(value: string, length: number = TRUNCATE_LENGTH, suffix: string = TRUNCATE_SUFFIX): string {
  const chars = Array.from(value);
  return chars.length > length ? `${chars.slice(0, length).join('')}${suffix}` : value;
}
