import type { Site } from '@shop/contracts';

/**
 * The presenter's host as the gateway serves it by default (PRESENTER_HOSTS, `immobilien.localhost`; browsers
 * resolve every *.localhost to this machine). The back office learns no other host from the API yet, so an
 * installation with other presenter hosts previews on this one (ARCHITECTURE.md, content builder).
 */
export const PRESENTER_HOST = 'immobilien.localhost';

/**
 * 'Vorschau': the page on its website's host (the storefront on the back office's own host), same port; staff see
 * a draft there with the draft style.
 */
export function previewUrl(site: Pick<Site, 'website' | 'path'>, location: Location = window.location): string {
  const host = site.website === 'presenter' ? PRESENTER_HOST : location.hostname;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}${site.path}`;
}
