import { presenterTexts, storefrontTexts, type PresenterTextKey, type StorefrontTextKey } from '@shop/i18n-de';

/** A German text of the shared web parts: the presenter catalogue first, then the storefront texts they share. */
export function t(key: PresenterTextKey | StorefrontTextKey, values: Record<string, string | number> = {}): string {
  const raw: string =
    key in presenterTexts ? presenterTexts[key as PresenterTextKey] : storefrontTexts[key as StorefrontTextKey];
  return raw.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}
