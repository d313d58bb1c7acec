import type { InitEntry } from '@shop/contracts';
import { useSyncExternalStore } from 'react';
import { websiteConfig } from '@shop/domain';
import { batchData, previewToken, takeInlinedInit } from '@shop/web-shared';
import { api, apiUrl } from './client';
import type { InitData } from './types';

const KEYS: Record<string, keyof InitData> = {
  '/api/config': 'config',
  '/api/users/me': 'user',
  '/api/divisions': 'divisions',
  '/api/branches': 'branches',
  '/api/menus': 'menus',
  '/api/categories': 'categories',
  '/api/products': 'products',
  '/api/tags': 'tags',
  '/api/tables': 'tables',
  '/api/sites': 'sites',
  '/api/navigations': 'navigations',
  '/api/donatees': 'donatees',
  '/api/blocks': 'blocks',
  '/api/nodes': 'nodes',
};

export const INIT_KEY = '/api/init';

/** The start-up batch as one object. */
export async function loadInit(): Promise<InitData> {
  const token = previewToken();
  return toInitData(await api.get(apiUrl(INIT_KEY, {}, { vorschau: token ?? undefined })), token !== null);
}

export function toInitData(batch: InitEntry[], previewing = false): InitData {
  const result = batchData(batch, KEYS, {
    previewing,
    user: null,
    divisions: [],
    branches: [],
    menus: [],
    categories: [],
    products: [],
    tags: [],
    tables: [],
    sites: [],
    navigations: [],
    donatees: [],
    blocks: [],
    nodes: [],
  });
  result.loadedAt = Date.now();
  const data = result as unknown as InitData;
  // issue 43: a storefront site at '/' may give the shop its own identity; the configuration stays the default
  if (data.config) data.config = websiteConfig(data.config, data.sites, 'storefront');
  return data;
}

/**
 * The start-up data, loaded once per page load and again by the catalogue reload (every 4 hours, checked
 * every 10 s, see Layout). A tiny store rather than SWR here: SWR is loaded with the status page, which polls,
 * so the first page's JavaScript stays small. A failed reload keeps the data already shown.
 */
interface InitState {
  data: InitData | undefined;
  error: unknown;
}

// a draft preview (issue 18) asks for its own batch: the page's block is the visitors'
// (none on the server: src/entry-server.tsx seeds the store with setInitData)
const inlined = typeof window !== 'undefined' && previewToken() === null ? takeInlinedInit() : null;
let state: InitState = { data: inlined ? toInitData(inlined) : undefined, error: undefined };
let inflight: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function setState(next: InitState) {
  state = next;
  listeners.forEach((l) => l());
}

/** Loads the start-up data again; resolves whether that worked (a failure keeps what is shown). */
export function reloadInit(): Promise<boolean> {
  if (inflight) return inflight;
  inflight = loadInit()
    .then((data) => {
      setState({ data, error: undefined });
      return true;
    })
    .catch((error: unknown) => {
      setState({ data: state.data, error });
      return false;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Seed the store (tests). */
export function setInitData(data: InitData | undefined): void {
  setState({ data, error: undefined });
}

export function useInit(): InitState & { reload: () => Promise<boolean> } {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
  if (!current.data && !current.error && !inflight) void reloadInit();
  return { ...current, reload: reloadInit };
}

/** The loaded start-up data (the layout renders its pages only once it is there). */
export function useData(): InitData {
  const { data } = useInit();
  if (!data) throw new Error('init data not loaded');
  return data;
}
