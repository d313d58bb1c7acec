import helmet, { type HelmetOptions } from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { GatewayConfig } from '../config/gateway-config.js';

/** Extra sources per directive (space-separated), for third-party scripts an operator configures. */
const sources = (list: string) => list.split(/\s+/).filter(Boolean);

/**
 * The Content Security Policy of every answer (pages and API): only this origin, plus the hosts of the
 * consent-gated third parties (storefront-presenter.md §7: the tag manager's script and the ad pixel's image,
 * more with CSP_SCRIPT_SOURCES / CSP_IMG_SOURCES / CSP_CONNECT_SOURCES). No inline scripts; styles may be inline
 * (React's style props and the web apps' computed positions), never a stylesheet from elsewhere. No framing
 * (frame-ancestors 'none'), no plugins, forms only to this origin.
 */
export function contentSecurityPolicy(config: GatewayConfig): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...sources(config.CSP_SCRIPT_SOURCES)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...sources(config.CSP_IMG_SOURCES)],
    'connect-src': ["'self'", ...sources(config.CSP_CONNECT_SOURCES)],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The hosts a page's map loads from and reports to (issue 43 item 5): CSP_MAP_SOURCES (by default Mapbox's API,
 * tile and event hosts) and the origin of an http(s) MAP_STYLE_URL (a self-hosted or EU tile server's style).
 */
export function mapSources(config: Pick<GatewayConfig, 'MAP_STYLE_URL' | 'CSP_MAP_SOURCES'>): string[] {
  const listed = sources(config.CSP_MAP_SOURCES);
  let style: string | null = null;
  try {
    const url = new URL(config.MAP_STYLE_URL);
    if (url.protocol === 'https:' || url.protocol === 'http:') style = url.origin;
  } catch {
    /* a mapbox:// style: its hosts are Mapbox's */
  }
  return style && !listed.includes(style) ? [...listed, style] : listed;
}

/**
 * The policy of a page with a map (issue 43 item 5), from the one every answer has: mapbox-gl runs its worker from a
 * `blob:` URL (worker-src) and fetches style, tiles, sprites and fonts (connect-src; img-src for raster images) from
 * the map's hosts. Only the storefront's and the presenter's pages, and only while the map is configured.
 */
export function withMap(policy: string, hosts: readonly string[]): string {
  const add = (directive: string, extra: string) =>
    policy.replace(new RegExp(`(^|;)(${directive} [^;]*)`), (_m, start: string, value: string) =>
      value.split(' ').includes(extra) ? `${start}${value}` : `${start}${value} ${extra}`,
    );
  policy = add('worker-src', 'blob:');
  for (const host of hosts) policy = add('img-src', host);
  for (const host of hosts) policy = add('connect-src', host);
  return policy;
}

/**
 * Security headers on every answer that goes through Fastify, worked out by helmet (maintained, and its defaults
 * follow OWASP's secure headers project): CSP above, HSTS (1 year, subdomains; browsers honour it over HTTPS only),
 * X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY for old
 * browsers, Cross-Origin-Opener-Policy same-origin. Images stay embeddable elsewhere (Cross-Origin-Resource-Policy
 * cross-origin: e-mails show product images). Routes that need another policy (SVG images, pages with their inline
 * loader's hash) set their own content-security-policy header, which replaces this one. The options are static, so
 * helmet runs once (securityHeaders) and each request only gets the headers set, in an onRequest hook on the node
 * response as @fastify/helmet set them (so hijacked answers carry them too): @fastify/helmet built helmet's
 * middleware again, parsing the CSP directives, on every request (issue 22: ~1.7 % of the gateway's samples).
 */
export function registerSecurityHeaders(app: NestFastifyApplication, config: GatewayConfig): void {
  const headers = Object.entries(securityHeaders(config));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_req, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
}

function helmetOptions(config: GatewayConfig) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  } satisfies HelmetOptions;
}

/**
 * The exact headers helmet puts on an answer with these options (run once against a recording response),
 * lower-cased: for every answer through Fastify (registerSecurityHeaders) and for those prepared before Fastify
 * sees the request (the fast paths), which must carry every header the normal path sends.
 */
export function securityHeaders(config: GatewayConfig): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let done = false;
  helmet(helmetOptions(config))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (err?: unknown) => {
      if (err) throw err;
      done = true;
    },
  );
  // helmet answers synchronously; a future version that did not would leave the fast path without headers
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return Object.fromEntries(headers);
}
