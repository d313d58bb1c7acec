import type { Block, Branch, Config, ContentNode, Navigation, Site } from '@shop/contracts';
import { createApiClient } from '@shop/web-api';
import { createContext, useContext } from 'react';
import useSWR from 'swr';

/** Same-origin calls to the gateway through the shared typed client (@shop/web-api). */
export const api = createApiClient();

/** The presenter's part of GET /api/init (the host's website: its sites, navigations and the nodes). */
export interface PresenterData {
  config: Config;
  user: { id: number; roles: string[] } | null;
  branches: Branch[];
  sites: Site[];
  navigations: Navigation[];
  blocks: Block[];
  nodes: ContentNode[];
}

const KEYS: Record<string, keyof PresenterData> = {
  '/api/config': 'config',
  '/api/users/me': 'user',
  '/api/branches': 'branches',
  '/api/sites': 'sites',
  '/api/navigations': 'navigations',
  '/api/blocks': 'blocks',
  '/api/nodes': 'nodes',
};

export async function loadPresenterData(): Promise<PresenterData> {
  const batch = await api.get('/api/init');
  const result: Record<string, unknown> = {
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
  return result as unknown as PresenterData;
}

/** The start-up data through SWR (revalidated on focus; a failed reload keeps what is shown). */
export function usePresenterInit() {
  return useSWR('/api/init', loadPresenterData, { revalidateOnFocus: false, keepPreviousData: true });
}

export const DataContext = createContext<PresenterData | null>(null);

/** The loaded start-up data (the app renders its pages only once it is there). */
export function useData(): PresenterData {
  const data = useContext(DataContext);
  if (!data) throw new Error('useData outside the loaded app');
  return data;
}
