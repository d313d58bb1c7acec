import type { Config, ContentNode, Site } from '@shop/contracts';
import {
  imageUrl,
  isFileRef,
  pageTitle,
  resolvePresenterPage,
  shopDescription,
  type PresenterPage,
} from '@shop/domain';
import { useContentData, usePageMeta as useSharedPageMeta, type ContentData } from '@shop/web-shared';

export interface PresenterMeta {
  title: string;
  description: string;
  image?: string | null;
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * §2.2 "site gives 'site title - shop title'. Fallback title is seoTitle, then title, then shopName. Description falls
 * back from seoDescription to description." The configuration is the website's (issue 43: the estate agency's
 * identity over the shop's, src/api/data.ts). The tags themselves are written by @shop/web-shared's usePageMeta.
 */
export function presenterMeta(config: Config, { title, description, image }: Partial<PresenterMeta>): PresenterMeta {
  return { title: pageTitle(config, title), description: description || shopDescription(config), image };
}

/** A content page's title (§2.9 "heading is hero_name, else content name, else site name"), description and image. */
export function contentPageMeta(page: PresenterPage<Site, ContentNode>): Required<Partial<PresenterMeta>> & {
  heading: string;
} {
  const content = page.kind === 'site' ? page.site.content : page.node.content;
  const siteData = record(content.site_data);
  const name = page.kind === 'site' ? page.site.name : str(content.name);
  const heading = str(siteData.hero_name) || str(content.name) || name;
  const image = siteData.image ?? siteData.teaser_image;
  return {
    heading,
    title: heading,
    description: str(siteData.short_description),
    image: isFileRef(image) ? imageUrl(image, 'medium') : null,
  };
}

/**
 * The title and description a visitor's page at `path` gets, for the gateway's server render (the head of the
 * page before any script runs): a content page's, else the website's own.
 */
export function pageMetaAt(path: string, data: ContentData): PresenterMeta {
  const page = resolvePresenterPage(path, data);
  return presenterMeta(data.config, page ? contentPageMeta(page) : {});
}

export function usePageMeta(meta: Partial<PresenterMeta>) {
  const { config } = useContentData();
  useSharedPageMeta(presenterMeta(config, meta), config);
}
