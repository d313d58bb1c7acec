import { format, presenterTexts, type LayoutTextKey, type PresenterTextKey } from '@shop/i18n-de';
import { layoutText } from './layout-text';

/**
 * A German text of the shared web parts: the presenter catalogue (blocks, contact form) first, then the layout
 * texts both websites share. Not the whole storefront catalogue: the presenter's first load stays small.
 */
export function t(key: PresenterTextKey | LayoutTextKey, values: Record<string, string | number> = {}): string {
  return key in presenterTexts
    ? format(presenterTexts[key as PresenterTextKey], values)
    : layoutText(key as LayoutTextKey, values);
}
