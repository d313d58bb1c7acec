import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { PREVIEW_QUERY, type ContentSnapshot, type Site, type Website } from '@shop/contracts';
import { CONSENT_COOKIE, consentChoiceOf, presenterPageStatus } from '@shop/domain';
import { DomainException } from '@shop/server';
import { SESSION_COOKIE } from '../auth/staff-session.js';
import { PREVIEW_HEADERS } from '../site-preview/site-preview.js';
import { presenterHead, storefrontHead, type PageHead } from './inline-init.js';
import { ServerRender, type RenderedPage } from './server-render.js';
import { storefrontPageStatus, storefrontRouteStatus, type VisitorView } from './storefront-routes.js';
import { relaxCsp, WebApp } from './web-app.js';
import { withMap } from '../common/security-headers.js';

/**
 * Serves the built web apps from the gateway's origin (their API calls are same-origin, so the session
 * cookie and CSRF need no CORS):
 * - storefront: Vite base `/build/`; every other GET outside /api, /backend, /image and /upload answers the
 *   storefront's index.html (client-side routes), with status 404 for paths no storefront route matches and,
 *   for visitors, for pages the app shows as its 404 page (an unknown or hidden branch, an empty /site/… page;
 *   staff may preview drafts, so a request with a session cookie is judged by the route alone);
 * - redirects of the content service (by the host's website) are answered first, with their 301 or 302;
 * - presenter (issue 17): for the hosts of PRESENTER_HOSTS every page path answers the presenter's index.html (Vite
 *   base `/build/presenter/`), 404 when no page matches and 500 for a site of an unconfigured type (the rules of
 *   @shop/domain `presenterPageStatus`, which the app renders with); a visitor's page with its markup rendered
 *   here (server-render.ts); `/store/…` (a navigation item of type branch) stays the storefront's branch page;
 * - back office: Vite base `/backend/`; `/backend`, `/backend/` and `GET /backend/login` answer its index.html
 *   (its screens are hash routes, /backend#/...);
 * - signage player: Vite base `/player/`; `/player` and `/player/` answer its index.html, its service worker
 *   controls /player/ only; `?device={identifier}` (or `?preview-stream={id}`) lists the origins of its web segments
 *   in the page's CSP `frame-src` and the other hosts of its videos in `media-src` and `connect-src`.
 * Hashed assets are immutable for a year; index.html and the service worker are revalidated on every load.
 * A missing build is not an error: the API keeps working and the page says how to build.
 */
export interface WebAppsOptions {
  storefrontDir: string;
  backofficeDir: string;
  playerDir: string;
  presenterDir: string;
  /** whether a request's Host is one of the presenter's (PRESENTER_HOSTS) */
  isPresenterHost: (host: string | undefined) => boolean;
  /** what a visitor of the presenter sees (its public sites and nodes) */
  presenterView: () => Promise<Pick<ContentSnapshot, 'sites' | 'nodes'>>;
  cacheIndex: boolean;
  /** what a visitor sees (the anonymous start-up batch) */
  visitorView: () => Promise<VisitorView>;
  /**
   * the anonymous /api/init answer of the storefront (its JSON and ETag), inlined into a visitor's page (issue 22:
   * no second round trip before the first render); absent or failing: the page preloads /api/init as before
   */
  visitorInit?: (website: Website) => Promise<{ etag: string; identity: Buffer }>;
  /**
   * the origins the player's page may frame (its CSP `frame-src`): the web segments of a TV's scenes (`?device=` its
   * identifier) or of a previewed stream (signage service); and the other hosts their videos play from (its
   * `media-src`, and `connect-src` for fetching them into the offline cache)
   */
  playerOrigins: (of: {
    device: string | null;
    stream: number | null;
  }) => Promise<{ frame: string[]; media: string[] }>;
  /** the site a draft-preview token (`?vorschau=`) shows on the host's website, or null for an invalid token */
  previewSite: (host: string | undefined, token: string) => Promise<Site | null>;
  /** the content service's redirect of a path on the host's website (answered before any page) */
  redirectFor: (host: string | undefined, path: string) => Promise<{ target: string; status: 301 | 302 } | null>;
  /**
   * the maps (issue 43 item 5): their style (MAP_STYLE_URL), named to the storefront's and the presenter's pages in
   * `<meta name="map-style">`, and the hosts their CSP allows while the shop's map plugin is on with a token
   */
  map?: { style: string; hosts: string[] };
}

/** §2.1 "/store/{branch identifier}: Branch page, reached from a navigation item of type branch" */
const STOREFRONT_ON_PRESENTER = /^\/store\//;

/**
 * The storefront pages a visitor gets rendered by the gateway (issue 22): the branch list and a branch page. The
 * others depend on the visitor's cart, checkout draft or order, which only the browser knows.
 */
const STOREFRONT_RENDERED = /^\/(store\/[^/]+\/?)?$/;

/** A page head with the server's markup: one composed page per render (its key names path, time and consent). */
function withMarkup(head: PageHead, rendered: RenderedPage | null): PageHead {
  return rendered
    ? {
        key: `${head.key}|${rendered.key}`,
        html: rendered.head + head.html,
        root: rendered.root,
        rootData: rendered.data,
        meta: rendered.meta,
      }
    : head;
}

/** The visitor's answer to the cookie banner (the server render shows the banner only without one). */
const consentOf = (req: FastifyRequest) => consentChoiceOf(req.cookies[CONSENT_COOKIE]);

const RESERVED = /^\/(api|backend|image|upload|font|health|build|player)(\/|$)/;

export function registerWebApps(fastify: FastifyInstance, options: WebAppsOptions, logger: Logger) {
  const mapMeta = options.map ? `<meta name="map-style" content="${escapeAttribute(options.map.style)}">` : '';
  const storefront = new WebApp('storefront', resolve(options.storefrontDir), options.cacheIndex, mapMeta);
  const backoffice = new WebApp('backoffice', resolve(options.backofficeDir), options.cacheIndex);
  const player = new WebApp('player', resolve(options.playerDir), options.cacheIndex);
  const presenter = new WebApp('presenter', resolve(options.presenterDir), options.cacheIndex, mapMeta);
  const presenterRender = new ServerRender(presenter.root, logger, { app: 'presenter' });
  // the storefront's pages show open/closed states: rendered anew each minute
  const storefrontRender = new ServerRender(storefront.root, logger, { app: 'storefront', timeSlotMs: 60_000 });
  for (const app of [storefront, backoffice, player, presenter]) {
    if (!app.index()) logger.warn({ dir: app.root }, `${app.name} web app is not built; its pages say how to build it`);
  }

  fastify.get('/build/*', (req, reply) => {
    const file = (req.params as { '*': string })['*'];
    return file.startsWith('presenter/')
      ? presenter.sendAsset(reply, file.slice('presenter/'.length))
      : storefront.sendAsset(reply, file);
  });
  fastify.get('/backend/assets/*', (req, reply) =>
    backoffice.sendAsset(reply, `assets/${(req.params as { '*': string })['*']}`),
  );
  fastify.get('/player/assets/*', (req, reply) =>
    player.sendAsset(reply, `assets/${(req.params as { '*': string })['*']}`),
  );
  fastify.get('/player/service-worker.js', (_req, reply) => player.sendAsset(reply, 'service-worker.js'));
  registerPlayerPage(fastify, player, options, logger);
  for (const path of ['/backend', '/backend/', '/backend/login'])
    fastify.get(path, (_req, reply) => {
      // …and the back office may frame pages of this origin (the player's preview), no others
      relaxCsp(reply, "frame-src 'none'", "frame-src 'self'");
      return backoffice.sendIndex(reply);
    });
  registerSitePages(fastify, { storefront, presenter, storefrontRender, presenterRender }, options, logger);
}

/**
 * The signage player's page: its CSP lets it frame the web segments and play the videos of its scenes (or of a
 * previewed stream, in the back office's frame); every other page stays strict.
 */
function registerPlayerPage(fastify: FastifyInstance, player: WebApp, options: WebAppsOptions, logger: Logger) {
  for (const path of ['/player', '/player/'])
    fastify.get(path, async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const preview = 'preview-stream' in query;
      // the back office's stream preview frames the player: this origin may, nobody else
      if (preview) {
        relaxCsp(reply, "frame-ancestors 'none'", "frame-ancestors 'self'");
        reply.header('x-frame-options', 'SAMEORIGIN');
      }
      // the player frames its web segments: only the origins their segments list; it plays (and caches ahead) the
      // videos of its segments: only the hosts they name (validated origins, no spaces). Every other page stays strict.
      const device = typeof query.device === 'string' ? query.device : null;
      const stream = preview ? Number(query['preview-stream']) || null : null;
      if (device || stream) {
        const origins = await options.playerOrigins({ device, stream }).catch((err: unknown) => {
          logger.warn({ err }, 'player page: segment origins unavailable, frames and other hosts stay blocked');
          return { frame: [], media: [] };
        });
        if (origins.frame.length) relaxCsp(reply, "frame-src 'none'", `frame-src ${origins.frame.join(' ')}`);
        if (origins.media.length) {
          const media = origins.media.join(' ');
          relaxCsp(reply, "media-src 'self' data: blob:", `media-src 'self' data: blob: ${media}`);
          relaxCsp(reply, "connect-src 'self'", `connect-src 'self' ${media}`);
        }
      }
      return player.sendIndex(reply);
    });
}

/** The apps and renderers of the site pages. */
interface SiteApps {
  storefront: WebApp;
  presenter: WebApp;
  storefrontRender: ServerRender;
  presenterRender: ServerRender;
}

/**
 * The pages of the storefront and the presenter (by host): redirects first, then the page with its status, for
 * visitors with the start-up batch inlined and the server's markup.
 */
function registerSitePages(
  fastify: FastifyInstance,
  { storefront, presenter, storefrontRender, presenterRender }: SiteApps,
  options: WebAppsOptions,
  logger: Logger,
) {
  // storefront client routes: anything not taken by a more specific route
  fastify.get('/*', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (RESERVED.test(path)) throw DomainException.of('NOT_FOUND', 'http.routeNotFound');
    const redirect = await options.redirectFor(req.headers.host, path);
    if (redirect) return reply.redirect(redirect.target, redirect.status);
    await allowMap(reply, options, logger);
    // a draft preview (issue 18): the token's one site counts as a page; such answers are neither kept nor indexed
    const token = (req.query as Record<string, unknown>)[PREVIEW_QUERY];
    const preview = typeof token === 'string' && token ? await options.previewSite(req.headers.host, token) : null;
    const headers = token === undefined ? {} : PREVIEW_HEADERS;
    const staff = req.cookies[SESSION_COOKIE] !== undefined;
    // staff and a draft preview fetch their batch themselves; a visitor's page carries it
    const visitor = !staff && token === undefined;
    if (options.isPresenterHost(req.headers.host) && !STOREFRONT_ON_PRESENTER.test(path)) {
      const status = await presenterStatus(options, logger, path, staff, preview);
      const init = visitor ? await visitorInit(options, logger, 'presenter') : null;
      const view = init && (await options.presenterView().catch(() => null));
      if (!init || !view) return presenter.sendIndex(reply, status, headers);
      const rendered = await presenterRender.render(path, init, { consent: consentOf(req) });
      return presenter.sendIndexWithInit(reply, status, init, (manifest) =>
        withMarkup(presenterHead(view, path, manifest), rendered),
      );
    }
    if (preview && preview.path === (path.replace(/\/+$/, '') || '/')) return storefront.sendIndex(reply, 200, headers);
    const status = await pageStatus(options, logger, path, staff);
    // a storefront page on a presenter host (/store/…) fetches its batch itself (it is the presenter website's)
    const init =
      visitor && !options.isPresenterHost(req.headers.host) ? await visitorInit(options, logger, 'storefront') : null;
    if (!init) return storefront.sendIndex(reply, status, headers);
    const rendered =
      status === 200 && STOREFRONT_RENDERED.test(path)
        ? await storefrontRender.render(path, init, { consent: consentOf(req) })
        : null;
    return storefront.sendIndexWithInit(reply, status, init, (manifest) =>
      withMarkup(storefrontHead(manifest, path), rendered),
    );
  });
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * A site page's CSP lets its maps load (worker-src blob:, the map's hosts; security-headers.ts withMap) while the
 * shop's configuration has the map plugin on with an access token (the maps show only then: without one the pages
 * show the address and a directions link instead, and their policy stays strict).
 */
async function allowMap(reply: FastifyReply, options: WebAppsOptions, logger: Logger): Promise<void> {
  if (!options.map) return;
  const config = await options.visitorView().then(
    (view) => view.config,
    (err: unknown) => {
      logger.warn({ err }, 'page: shop configuration unavailable, its maps stay blocked');
      return null;
    },
  );
  const policy = reply.getHeader('content-security-policy');
  if (config?.enablePluginMapbox && config.mapboxToken && typeof policy === 'string')
    reply.header('content-security-policy', withMap(policy, options.map.hosts));
}

/** The visitors' start-up batch of a website (null: the page fetches it itself, e.g. while a service is down). */
async function visitorInit(
  options: WebAppsOptions,
  logger: Logger,
  website: Website,
): Promise<{ etag: string; identity: Buffer } | null> {
  if (!options.visitorInit) return null;
  try {
    return await options.visitorInit(website);
  } catch (err) {
    logger.warn({ err, website }, 'page: start-up data not inlined');
    return null;
  }
}

async function presenterStatus(
  options: WebAppsOptions,
  logger: Logger,
  path: string,
  staff: boolean,
  preview: Site | null,
): Promise<200 | 404 | 500> {
  // staff may preview drafts, which the visitors' snapshot does not hold: the app decides for them
  if (staff) return 200;
  try {
    const view = await options.presenterView();
    return preview
      ? presenterPageStatus(path, { ...view, sites: [...view.sites.filter((s) => s.id !== preview.id), preview] }, true)
      : presenterPageStatus(path, view);
  } catch (err) {
    logger.warn({ err, path }, 'presenter page status: content unavailable');
    return 200;
  }
}

async function pageStatus(options: WebAppsOptions, logger: Logger, path: string, staff: boolean): Promise<200 | 404> {
  if (staff) return storefrontRouteStatus(path);
  try {
    return storefrontPageStatus(path, await options.visitorView());
  } catch (err) {
    // the catalogue cannot be asked: the app says so itself; the route decides
    logger.warn({ err, path }, 'storefront page status: start-up data unavailable');
    return storefrontRouteStatus(path);
  }
}
