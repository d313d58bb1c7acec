import { pageTitle, shopDescription } from '@shop/domain';
import { useContentData, usePageMeta as useSharedPageMeta } from '@shop/web-shared';

/**
 * §2.2 "site gives 'site title - shop title'. Fallback title is seoTitle, then title, then shopName. Description falls
 * back from seoDescription to description." The tags themselves are written by @shop/web-shared's usePageMeta.
 */
export function usePageMeta({
  title,
  description,
  image,
}: {
  title?: string;
  description?: string;
  image?: string | null;
}) {
  const { config } = useContentData();
  useSharedPageMeta(
    { title: pageTitle(config, title), description: description || shopDescription(config), image },
    config,
  );
}
