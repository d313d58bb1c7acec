import { format, storefrontTexts, type StorefrontTextKey } from '@shop/i18n-de';

/** A storefront text (libs/i18n-de storefront-texts.ts), placeholders filled. */
export function s(key: StorefrontTextKey, params?: Record<string, string | number>): string {
  return params ? format(storefrontTexts[key], params) : storefrontTexts[key];
}
