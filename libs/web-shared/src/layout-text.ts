import { format, layoutTexts, type LayoutTextKey } from '@shop/i18n-de';

/**
 * A layout text (cookie banner, overlays, lightbox) of the catalogue both websites share. Its own module: the
 * storefront's first load carries these parts, and with them this catalogue only (not the presenter's).
 */
export function layoutText(key: LayoutTextKey, values: Record<string, string | number> = {}): string {
  return format(layoutTexts[key], values);
}
