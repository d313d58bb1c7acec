import { apiUrl, createApiClient } from '@shop/web-api';
import type { ContentNode, InitEntry, Site } from '@shop/contracts';
import { resolvePresenterPage, websiteConfig } from '@shop/domain';
import { batchData, createLoadStore, previewToken, takeInlinedInit, type ContentData } from '@shop/web-shared';

/** Same-origin calls to the gateway through the shared typed client (@shop/web-api). */
const api = createApiClient();

/** The presenter's part of GET /api/init (the host's website: its sites, navigations and the nodes). */
const KEYS: Record<string, keyof ContentData> = {
  '/api/config': 'config',
  '/api/users/me': 'user',
  '/api/branches': 'branches',
  '/api/sites': 'sites',
  '/api/navigations': 'navigations',
  '/api/blocks': 'blocks',
  '/api/nodes': 'nodes',
};

export async function loadContentData(): Promise<ContentData> {
  const token = previewToken();
  return toContentData(await api.get(apiUrl('/api/init', {}, { vorschau: token ?? undefined })), token !== null);
}

/** The presenter's data from the batch (also the gateway's server render, src/entry-server.tsx). */
export function toContentData(batch: InitEntry[], previewing: boolean): ContentData {
  const empty = { previewing, user: null, branches: [], sites: [], navigations: [], blocks: [], nodes: [] };
  const data = batchData(batch, KEYS, empty) as unknown as ContentData;
  // issue 43: the estate agency's own name, contact and legal links (its home page's identity) over the shop's
  return data.config ? { ...data, config: websiteConfig(data.config, data.sites, 'presenter') } : data;
}

// a visitor's page carries its batch (gateway/src/web/inline-init.ts); a draft preview asks for its own (and the
// gateway's server render, which has no window, passes the batch itself)
const inlinedBatch = typeof window !== 'undefined' && previewToken() === null ? takeInlinedInit() : null;
const inlined = inlinedBatch ? toContentData(inlinedBatch, false) : undefined;

/**
 * The start-up data, loaded once per page load (and by the administrator's 'Daten neu laden'), in web-shared's small
 * load store rather than SWR (about 4.5 kB gzip less in the first load); a failed reload keeps what is shown. A
 * visitor's first render uses the batch inlined into the page, with no round trip.
 */
export const presenterInit = createLoadStore(loadContentData, inlined);

/**
 * The body blocks of a home page at a path in the batch inlined into a visitor's page (undefined for any other page
 * or without one): a home page has no page header, its first screen is its first blocks (the hero slider), whose
 * renderers src/main.tsx loads before the first render. Other pages show their header (title, image) at once.
 */
export function inlinedHomeBlocks(path: string): unknown {
  const page = inlined && resolvePresenterPage<Site, ContentNode>(path, inlined);
  return page?.kind === 'site' && page.site.type === 'home' ? page.site.content.body : undefined;
}
