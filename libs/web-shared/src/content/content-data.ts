import type { Block, Branch, Config, ContentNode, Navigation, Site } from '@shop/contracts';
import { createContext, useContext } from 'react';

/**
 * What the content parts (block renderers, links, the contact form) read of GET /api/init: the host's sites and
 * navigations, all public blocks and nodes, the configuration and the branches. The presenter provides it for its
 * whole app, the storefront around its content pages.
 */
export interface ContentData {
  config: Config;
  user: { id: number; roles: string[] } | null;
  branches: Branch[];
  sites: Site[];
  navigations: Navigation[];
  blocks: Block[];
  nodes: ContentNode[];
  /** loaded with a draft-preview token: a non-public site in `sites` is the previewed draft (issue 18) */
  previewing?: boolean;
}

export const ContentDataContext = createContext<ContentData | null>(null);

/** The loaded content data (the content parts render only once it is there). */
export function useContentData(): ContentData {
  const data = useContext(ContentDataContext);
  if (!data) throw new Error('useContentData outside a ContentDataContext');
  return data;
}
