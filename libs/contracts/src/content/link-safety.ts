/**
 * Issue 42 item 3: what a link or a redirect of the websites may lead to. One set of rules for the schemas below
 * (the gateway's and the content service's input checks), the content service's save checks and the gateway's
 * redirect answers (defence in depth for rows stored before these rules).
 */

/** Schemes that run code or carry a document of their own in a visitor's browser: never saved as a link. */
export const UNSAFE_LINK_SCHEMES = ['javascript', 'vbscript', 'data'] as const;

const NAMED_ENTITIES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', sol: '/' };

/** An attribute's value as the browser reads it: character references decoded (`&#106;avascript&colon;`). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
  });
}

// eslint-disable-next-line no-control-regex -- browsers drop these characters from a URL's scheme
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;

/**
 * The unsafe scheme a URL starts with (`javascript`, `vbscript`, `data`), or null. Read as a browser does: character
 * references decoded, and spaces, tabs, line breaks and control characters left out (`java\tscript:` runs too).
 */
export function unsafeLinkScheme(url: string): (typeof UNSAFE_LINK_SCHEMES)[number] | null {
  const plain = decodeEntities(url).replace(IGNORED_IN_URL, '').toLowerCase();
  return UNSAFE_LINK_SCHEMES.find((scheme) => plain.startsWith(`${scheme}:`)) ?? null;
}

/** The links in a text: the href, src and action attributes of HTML and the targets of Markdown links. */
export function linksIn(text: string): string[] {
  const found: string[] = [];
  const attribute = /\b(?:href|src|action|formaction|xlink:href)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
  for (const m of text.matchAll(attribute)) found.push(m[1].replace(/^["']|["']$/g, ''));
  for (const m of text.matchAll(/\]\(\s*<?([^)>\s]*)/g)) found.push(m[1]);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) found.push(m[1]);
  return found;
}

/** Does a text (a URL, or rich text or Markdown holding links) hold a link with an unsafe scheme? */
export const holdsUnsafeLink = (text: string): boolean =>
  unsafeLinkScheme(text) !== null || linksIn(text).some((url) => unsafeLinkScheme(url) !== null);

/**
 * What is wrong with a redirect's target, judged without the allowed hosts:
 * - `unsafe`: not a path of this website (`/…`) nor an http(s) URL with a host: protocol-relative `//host`,
 *   backslashed (`/\host`, `\\host`: browsers read `\` as `/`), `javascript:` and other schemes, whitespace or
 *   control characters;
 * - null: a path of this website, or an http(s) URL whose host `redirectHostOf` answers.
 */
export function redirectTargetProblem(target: string): 'unsafe' | null {
  // eslint-disable-next-line no-control-regex -- a browser drops or rewrites these; never part of a target
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(target) || unsafeLinkScheme(target)) return 'unsafe';
  if (target.startsWith('/')) return target.startsWith('//') ? 'unsafe' : null;
  return redirectHostOf(target) ? null : 'unsafe';
}

/** The host (lower case, without port) of an http(s) target, or null for a path or anything else. */
export function redirectHostOf(target: string): string | null {
  if (!/^https?:\/\/[^/]/i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.username || url.password ? null : url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * May a redirect lead to `target`? A path of this website, or an http(s) URL on a host the administrator allowed
 * (`allowedHosts`, the REDIRECT_ALLOWED_HOSTS setting; an entry `*.example.com` allows the subdomains too).
 */
export function isRedirectTargetAllowed(target: string, allowedHosts: readonly string[]): boolean {
  if (redirectTargetProblem(target)) return false;
  const host = redirectHostOf(target);
  return host === null || isAllowedHost(host, allowedHosts);
}

export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed;
  });
}

/**
 * Paths no redirect may take over (on either website): the start page, and the storefront's checkout and order
 * status (gateway/src/web/storefront-routes.ts, web/storefront/src/app/routes.tsx), also under /self-service. A
 * redirect there would lock visitors out of ordering (a 301 stays in browsers' caches for good).
 */
const PROTECTED_SOURCES: readonly RegExp[] = [
  /^(?:\/self-service)?\/?$/,
  /^(?:\/self-service)?\/store\/[^/]+\/checkout(?:\/.*)?$/,
  /^(?:\/self-service)?\/status(?:\/.*)?$/,
];

/** Is `path` the start page, a checkout or an order-status path (with or without a trailing slash)? */
export const isProtectedRedirectSource = (path: string): boolean =>
  PROTECTED_SOURCES.some((pattern) => pattern.test(path.toLowerCase()));
