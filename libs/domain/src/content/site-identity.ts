/**
 * Issue 43: each website speaks as itself. Its identity is the `identity` group of its home page (the site at '/',
 * contracts SITE_IDENTITY_FIELD); the shop configuration stays the default, so a field left empty takes the
 * configuration's value. Both web apps and the gateway's server render show the configuration through this.
 */
import { SITE_IDENTITY_KEYS, type Config, type Website } from '@shop/contracts';

type IdentitySite = { path: string; content?: Record<string, unknown> | null };

/** The identity group of the website's home page (empty without one). */
export function siteIdentity(sites: readonly IdentitySite[]): Record<string, unknown> {
  const identity = sites.find((s) => s.path === '/')?.content?.identity;
  return identity && typeof identity === 'object' ? (identity as Record<string, unknown>) : {};
}

const filled = (value: unknown): boolean =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/**
 * The configuration as a website shows it: the shop configuration with the filled fields of the website's identity
 * over it. Its title and description replace the configuration's SEO title and description too (else these would
 * win, §2.2 "Fallback title is seoTitle, then title …"). The presenter has no allergens page (a restaurant's).
 */
export function websiteConfig<C extends Config>(config: C, sites: readonly IdentitySite[], website: Website): C {
  const identity = siteIdentity(sites);
  const out: C = { ...config };
  const target = out as Record<string, unknown>;
  for (const [key, field] of Object.entries(SITE_IDENTITY_KEYS))
    if (filled(identity[key])) target[field] = typeof identity[key] === 'string' ? identity[key].trim() : identity[key];
  if (filled(identity.title)) out.title = out.seoTitle;
  if (filled(identity.description)) out.seoDescription = null;
  if (website === 'presenter') Object.assign(out, { allergens: null, allergensText: null });
  return out;
}

/** The website's own colours (CSS custom properties of the shared stylesheet), only those it sets. */
export function websiteColors(sites: readonly IdentitySite[]): Record<string, string> {
  const identity = siteIdentity(sites);
  const colors: Record<string, string> = {};
  if (typeof identity.brand_color === 'string' && identity.brand_color) colors['--brand'] = identity.brand_color;
  if (typeof identity.accent_color === 'string' && identity.accent_color) colors['--blue'] = identity.accent_color;
  return colors;
}

type FormNodeLike = { type: string; isPublic: boolean; content: Record<string, unknown> };

/**
 * A form belongs to its website (the form's `website` field): the contact page of a website shows the first public
 * form of that website, never another website's (issue 43: the shop's /kontakt showed the estate inquiry).
 */
export function websiteContactForm<N extends FormNodeLike>(nodes: readonly N[], website: Website): N | undefined {
  return nodes.find((n) => n.type === 'form' && n.isPublic && n.content.website === website);
}
