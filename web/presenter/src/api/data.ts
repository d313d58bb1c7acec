import { apiUrl, createApiClient } from '@shop/web-api';
import type { InitEntry } from '@shop/contracts';
import { createLoadStore, previewToken, takeInlinedInit, type ContentData } from '@shop/web-shared';

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

function toContentData(batch: InitEntry[], previewing: boolean): ContentData {
  const result: Record<string, unknown> = {
    previewing,
    user: null,
    branches: [],
    sites: [],
    navigations: [],
    blocks: [],
    nodes: [],
  };
  for (const entry of batch) {
    const key = KEYS[entry.url];
    if (key) result[key] = entry.data ?? result[key];
  }
  return result as unknown as ContentData;
}

// a visitor's page carries its batch (gateway/src/web/inline-init.ts); a draft preview asks for its own
const inlined = previewToken() === null ? takeInlinedInit() : null;

/**
 * The start-up data, loaded once per page load (and by the administrator's 'Daten neu laden'), in web-shared's small
 * load store rather than SWR (about 4.5 kB gzip less in the first load); a failed reload keeps what is shown. A
 * visitor's first render uses the batch inlined into the page, with no round trip.
 */
export const presenterInit = createLoadStore(loadContentData, inlined ? toContentData(inlined, false) : undefined);
