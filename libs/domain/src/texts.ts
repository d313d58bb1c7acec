import { de, format } from '@shop/i18n-de';

/**
 * The German texts of the domain rules live in the one catalogue (@shop/i18n-de, section `shop`); this
 * module gives the rules typed access. Functions of this library return final strings.
 */
export const TEXTS = de.shop;

export type TextKey = keyof typeof TEXTS;

/** Fills {name} placeholders; unknown placeholders are left as they are. */
export const interpolate = (template: string, values: Readonly<Record<string, string | number>>): string =>
  format(template, values);

/** The text for `key` with its placeholders filled. */
export function text(key: TextKey, values: Readonly<Record<string, string | number>> = {}): string {
  return format(TEXTS[key], values);
}
