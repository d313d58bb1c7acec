/**
 * §2.2 "Canonical, og and twitter url, title, description and image meta tags are kept in sync." The titles
 * and their fallbacks come from @shop/domain (pageTitle, shopDescription).
 */
import { imageUrl } from '@shop/domain';
import { applyMeta, type PageMeta } from '@shop/web-shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useData } from '../api/init';
import { plainText } from '../ui/sanitize';

/** A page's title, description and image (the shop's logo when the page has none), applied on every route change. */
export function usePageMeta(meta: PageMeta): void {
  const { config } = useData();
  const { pathname } = useLocation();
  const image = meta.image ?? (config.logo ? imageUrl(config.logo, 'medium') : null);
  useEffect(() => {
    applyMeta({ ...meta, description: plainText(meta.description), image }, pathname);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: a page passes a new meta object each render
  }, [meta.title, meta.description, image, pathname]);
}
