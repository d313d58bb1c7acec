import type { Website } from '@shop/contracts';

/**
 * Which website a request is for, by its Host (issue 16 "Two websites, one platform"): the presenter's host names
 * (PRESENTER_HOSTS) or else the storefront. The port does not matter.
 */
export function websiteOf(host: string | undefined, presenterHosts: readonly string[]): Website {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  return presenterHosts.includes(name) ? 'presenter' : 'storefront';
}
