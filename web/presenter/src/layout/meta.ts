import { pageTitle, shopDescription } from '@shop/domain';
import { applyMeta, useContentData } from '@shop/web-shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * §2.2 "site gives 'site title - shop title'. Fallback title is seoTitle, then title, then shopName. Description falls
 * back from seoDescription to description." The tags themselves are written by applyMeta of @shop/web-shared.
 */
export function usePageMeta({
  title: page,
  description,
  image,
}: {
  title?: string;
  description?: string;
  image?: string | null;
}) {
  const { config } = useContentData();
  const { pathname } = useLocation();
  const title = pageTitle(config, page);
  const text = description || shopDescription(config);
  useEffect(() => applyMeta({ title, description: text, image }, pathname), [title, text, image, pathname]);
}
