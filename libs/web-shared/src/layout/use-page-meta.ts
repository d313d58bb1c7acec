import type { Config } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { applyMeta, type PageMeta } from '../meta/meta';
import { plainText } from '../meta/plain-text';

/**
 * backoffice-platform.md §2, storefront-presenter.md §2.2: a page's title, description (plain text of the HTML) and
 * image (the shop's logo when the page has none), applied on every route change. The pages choose title and
 * description with @shop/domain's pageTitle and shopDescription.
 */
export function usePageMeta(meta: PageMeta, config: Pick<Config, 'logo'>): void {
  const { pathname } = useLocation();
  const image = meta.image ?? (config.logo ? imageUrl(config.logo, 'medium') : null);
  // in the effect: a server render has no document to read the text from (nor one to write the tags to)
  useEffect(
    () => applyMeta({ title: meta.title, description: plainText(meta.description), image }, pathname),
    [meta.title, meta.description, image, pathname],
  );
}
