import type { Site } from '@shop/contracts';
import useSWR from 'swr';
import { api } from '../../../api/client';

/**
 * The presenter's host for previews: the first of the gateway's PRESENTER_HOSTS (GET /api/backoffice/websites,
 * loaded once per session). Undefined while it loads, or when the gateway serves no presenter host.
 */
export function usePresenterHost(): string | undefined {
  const { data } = useSWR('/api/backoffice/websites', (url: '/api/backoffice/websites') => api.get(url), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return data?.presenterHosts[0];
}

/**
 * 'Vorschau': the page on its website's host (the storefront on the back office's own host, the presenter on its
 * configured host), same port; staff see a draft there with the draft style. Null while the presenter's host is
 * unknown.
 */
export function previewUrl(
  site: Pick<Site, 'website' | 'path'>,
  presenterHost: string | undefined,
  location: Location = window.location,
): string | null {
  const host = site.website === 'presenter' ? presenterHost : location.hostname;
  if (!host) return null;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}${site.path}`;
}
