import { storefrontSiteTexts, storefrontStoreTexts } from '@shop/i18n-de';
import { textLookup } from '../../texts';

const STORE_TEXTS = { ...storefrontSiteTexts, ...storefrontStoreTexts };

/** A text of the branch page (its own chunk): the first load's and the branch page's own (§2.5, §2.6). */
export type StoreTextKey = keyof typeof STORE_TEXTS;

/** A branch-page text, placeholders filled: its table comes with the branch page's chunk, not the first load. */
export const s = textLookup(STORE_TEXTS);
