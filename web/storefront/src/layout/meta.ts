import { type PageMeta, usePageMeta as useSharedPageMeta } from '@shop/web-shared';
import { useData } from '../api/init';

/** A page's title, description and image (@shop/web-shared's usePageMeta with the storefront's configuration). */
export function usePageMeta(meta: PageMeta): void {
  useSharedPageMeta(meta, useData().config);
}
