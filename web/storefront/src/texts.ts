import { format, storefrontSiteTexts } from '@shop/i18n-de';

type Params = Record<string, string | number>;

/** The lookup of one storefront text table (libs/i18n-de storefront-*-texts.ts): a text, placeholders filled. */
export function textLookup<T extends Record<string, string>>(table: T) {
  return (key: Extract<keyof T, string>, params?: Params): string => (params ? format(table[key], params) : table[key]);
}

/**
 * A text of the first load: layout, branch list, home and contact pages. The branch page's texts come with its chunk
 * (features/store/texts.ts), those of the checkout and the status page with theirs (features/checkout/texts.ts).
 */
export const s = textLookup(storefrontSiteTexts);
