import { installTexts } from './install-texts.js';
import { storefrontOrderTexts } from './storefront-order-texts.js';
import { storefrontSiteTexts } from './storefront-site-texts.js';
import { storefrontStoreTexts } from './storefront-store-texts.js';

/**
 * German texts of the storefront web app (storefront-presenter.md §2, §4, §8). Texts quoted in the spec are
 * verbatim; the rules' texts (status lines, cart toggle, intro messages …) live in shop-texts.ts and come
 * out of @shop/domain. Texts marked PROPOSED have no wording in the spec (it only names the element) and
 * wait for product's confirmation.
 *
 * Split by the part of the app that shows them, so that the storefront's first load carries only the texts of its
 * layout, branch list, home and contact pages (storefrontSiteTexts, storefront-site-texts.ts); the branch page's texts
 * (storefront-store-texts.ts) and those of the checkout and the status page (storefront-order-texts.ts) come with
 * those pages' chunks. storefrontTexts is every storefront text.
 */
export const storefrontTexts = {
  ...storefrontSiteTexts,
  ...installTexts,
  ...storefrontStoreTexts,
  ...storefrontOrderTexts,
} as const;

export type StorefrontTextKey = keyof typeof storefrontTexts;
