import { storefrontTexts } from '@shop/i18n-de';
import { textLookup } from '../../texts';

/**
 * A text of the checkout or the status page (their chunks), placeholders filled: every storefront text, so also
 * those of the checkout and the status page (§2.7, §2.8), which the first load does not carry.
 */
export const s = textLookup(storefrontTexts);
