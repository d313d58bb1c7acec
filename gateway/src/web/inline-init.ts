import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { imageSrcSet, imageUrl, isFileRef, resolvePresenterPage, type PresenterData } from '@shop/domain';

/**
 * Issue 22 (store page LCP): a visitor's page load carries its start-up data. The storefront's index.html asks for
 * `/api/init` with `<link rel="preload" href="/api/init" …>`; for a visitor the gateway puts the same answer, as
 * JSON, into the page instead (`<script type="application/json" id="init-data">`, which no CSP blocks: it is not
 * run), so the first render needs no second round trip. The app reads it once (`web/storefront/src/api/init.ts`).
 * Staff pages (users/me and drafts in their batch) keep the preload and fetch as before.
 */
export const INIT_DATA_ID = 'init-data';
const PRELOAD = /<link rel="preload" href="\/api\/init" as="fetch" crossorigin="anonymous"\s*\/?>/;
const ROOT = '<div id="root"></div>';

/** The composed page in every encoding the gateway answers with. */
export interface InlinedPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** the CSP sources (hashes) of its inline scripts: a rendered page's loader (hydrateOnly) and any other */
  scriptSource: string | null;
}

/**
 * JSON inside <script>: every `<` is written as \u003c (it can only stand inside a string), so no text of the data
 * (a product named '</script>…') ends the element early.
 */
export function scriptSafeJson(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

/**
 * index.html without its /api/init preload and with the answer itself at the end of the body (after the head's
 * script and stylesheet, which the browser should find first; the module script runs after the whole document is
 * parsed, so the data is there), the page chunk's modulepreloads after the entry's (at the end of the head), and
 * the page's server-rendered markup in #root (see server-render.ts); null when the page has no such preload.
 */
export function inlineInit(
  indexHtml: string,
  initJson: string,
  preloads = '',
  root = '',
  rootData: Record<string, string> = {},
  meta: { title: string; description: string } | null = null,
): string | null {
  if (!PRELOAD.test(indexHtml) || !indexHtml.includes('</body>') || !indexHtml.includes('</head>')) return null;
  const tag = `<script type="application/json" id="${INIT_DATA_ID}">${scriptSafeJson(initJson)}</script>`;
  // what the markup's hydration needs besides the batch (the storefront's: the time it shows, the zone offsets used)
  const data = root ? Object.entries(rootData).map(([name, value]) => ` data-${name}="${attribute(value)}"`) : [];
  const page = withMeta(indexHtml, meta)
    .replace(PRELOAD, '')
    .replace('</head>', () => `${preloads}</head>`)
    .replace(ROOT, () => `<div id="root"${data.join('')}>${root}</div>`)
    .replace('</body>', () => `${tag}</body>`);
  return root ? hydrateOnly(page) : page;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;
/**
 * Issue 43: a rendered page arrives with its own title and description (the website's, as the app sets them once
 * it runs), not index.html's; without them the page keeps index.html's.
 */
function withMeta(indexHtml: string, meta: { title: string; description: string } | null): string {
  if (!meta) return indexHtml;
  return indexHtml
    .replace(TITLE, () => `<title>${text(meta.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${attribute(meta.description)}" />`);
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A page that arrives rendered needs its scripts only to hydrate: they are asked for once the page has painted (its
 * first paint entry, else the frame after the first; after 2 s in a tab that paints nothing), so the stylesheet and
 * the first screen's images have the line to themselves. Lighthouse's simulated largest paint counts every request started before the paint it
 * observed: with the scripts requested by the parser, the server's markup measured 1.9-2.2 s on a slow phone
 * although painted at 0.9 s. Links work as plain page loads until the app has hydrated. The loader is inline (no
 * request of its own); the page's CSP names its hash (`inlineScriptSources`). The entry first (everything waits for
 * it), then the page's chunks; each element in a task of its own: Chromium starts an element's request while it is
 * appended (0.1-2.7 ms each here), and the eleven of a branch page in one task made it a long task after the first
 * paint, Lighthouse's blocking time on a slow phone (8-20 ms here, four times that simulated).
 */
function hydrateOnly(page: string): string {
  const entries = [...page.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  if (entries.length === 0) return page;
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const loader =
    `(()=>{let done=false;const load=()=>{if(done)return;done=true;` +
    `const add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),{crossOrigin:''},props));` +
    `const q=[...${JSON.stringify(entries)}.map(src=>['script',{type:'module',src}]),` +
    `...${JSON.stringify(preloads)}.map(href=>['link',{rel:'modulepreload',href}])];` +
    `const next=()=>{add(...q.shift());if(q.length)setTimeout(next)};next()};` +
    `try{new PerformanceObserver(load).observe({type:'paint',buffered:true})}` +
    `catch{requestAnimationFrame(()=>setTimeout(load))}setTimeout(load,2000)})()`;
  return page
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `<script data-hydrate>${loader}</script></body>`);
}

/** Every inline script of a page: its attributes and its text (up to the first `</script`, as the parser reads it). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
/** The `type` of a script element, if it has one. */
const SCRIPT_TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** The types a browser runs (no type, a JavaScript MIME type, module); others are data blocks (JSON, JSON-LD). */
const RUN = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;
/**
 * The CSP sources that allow a composed page's inline scripts (`'sha256-…'` each, space-separated), or null for a
 * page without one: the loader (hydrateOnly) and any script the server render wrote (issue 43: React wrote its
 * Suspense reveal scripts, which the CSP refused; src/server/prerender.tsx of @shop/web-shared now writes every
 * boundary in place, and a script React still writes runs by its hash). Hashes rather than a per-response nonce: a
 * composed page is compressed once and shared by every visitor of its version (InlinedPageCache), and its scripts
 * are known when it is composed. A script with `src`, or a data block (`type="application/json"`), needs none.
 */
export function inlineScriptSources(html: string): string | null {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    const type = SCRIPT_TYPE.exec(attributes);
    if (/\bsrc\s*=/i.test(attributes) || !RUN.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return hashes.size ? [...hashes].join(' ') : null;
}

/**
 * The storefront pages that are their own chunk (web/storefront/src/app/routes.tsx, loaded on demand): a deep link
 * to one would fetch the entry, run it, and only then ask for the page's chunks (a second chain of round trips
 * before the largest paint). The page names them as modulepreloads instead, from Vite's build manifest.
 */
const ROUTE_MODULES: { path: RegExp; module: string }[] = [
  { path: /^(\/self-service)?\/store\/[^/]+\/?$/, module: 'src/features/store/StorePage.tsx' },
  {
    path: /^(\/self-service)?\/store\/[^/]+\/checkout(\/error)?\/?$/,
    module: 'src/features/checkout/CheckoutPage.tsx',
  },
  { path: /^(\/self-service)?\/status\/[^/]+\/[^/]+\/?$/, module: 'src/features/status/StatusPage.tsx' },
  { path: /^(\/self-service)?\/kontakt\/?$/, module: 'src/features/site/ContactPage.tsx' },
];

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The build files a page's chunk needs (its file and static imports, without the entry), per route module. */
export function routeChunks(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [...files];
}

/** Reads the storefront's build manifest (dist/.vite/manifest.json); empty without one (an older build). */
export function readManifest(dist: string): Record<string, ManifestChunk> {
  const file = resolve(dist, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/** The modulepreload links of the page's chunks for a path (none for the pages of the entry chunk). */
export function routePreloads(manifest: Record<string, ManifestChunk>, path: string, base: string): string {
  const route = ROUTE_MODULES.find((r) => r.path.test(path));
  if (!route) return '';
  return routeChunks(manifest, route.module)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
    .join('');
}

/** Which of ROUTE_MODULES a path belongs to (the cache key of its page), '' for the entry's pages. */
export function routeKey(path: string): string {
  return ROUTE_MODULES.find((r) => r.path.test(path))?.module ?? '';
}

/**
 * What a page adds to its head (modulepreloads of its chunks, the hero image's preload), its server-rendered markup
 * and the key of that page.
 */
export interface PageHead {
  key: string;
  html: string;
  root?: string;
  /** data attributes of #root with the markup (server-render.ts) */
  rootData?: Record<string, string>;
  /** the rendered page's title and description (server-render.ts), instead of index.html's */
  meta?: { title: string; description: string } | null;
}

/** The storefront's: the path's page chunk as modulepreloads (ROUTE_MODULES), keyed by that chunk. */
export const storefrontHead = (manifest: Record<string, ManifestChunk>, path: string): PageHead => ({
  key: routeKey(path),
  html: routePreloads(manifest, path, '/build/'),
});

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const text = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** How many body blocks the presenter renders with the page (web/presenter/src/pages/PageBody.tsx EAGER_BLOCKS). */
const PRESENTER_EAGER_BLOCKS = 2;

/**
 * The build manifest's module of a block type's renderer (one module per block in @shop/web-shared's blocks, built
 * into its dist, named after the type: hero_home → HeroHome; form and map are FormBlock and MapBlock), or null.
 */
function rendererModule(manifest: Record<string, ManifestChunk>, type: string): string | null {
  const name = type.replace(/(^|_)([a-z0-9])/g, (_m, _s: string, c: string) => c.toUpperCase());
  const file = new RegExp(`/libs/web-shared/(src|dist)/blocks/${name}(Block)?\\.(tsx|js)$`);
  return Object.keys(manifest).find((key) => file.test(key)) ?? null;
}

/**
 * The presenter's (issue 17, LCP of `/`): a page (a site or a project, object or reference node) renders its first
 * body blocks with the page, each from its own renderer chunk, which the browser would ask for only after the entry ran; named as modulepreloads they load
 * beside it. A page whose first block is the home hero slider shows its first slide's image as the largest paint:
 * named in the head (`<link rel="preload" as="image">` with the `srcset` and `sizes` the hero's `<img>` has, high
 * priority) it loads beside the scripts. Keyed by those blocks and that image, so pages alike share one composed page.
 */
export function presenterHead(
  view: PresenterData,
  path: string,
  manifest: Record<string, ManifestChunk> = {},
): PageHead {
  const page = resolvePresenterPage(path, view);
  const body = page ? (page.kind === 'site' ? page.site : page.node).content.body : null;
  const first = (Array.isArray(body) ? body.slice(0, PRESENTER_EAGER_BLOCKS) : []) as ({ type?: unknown } | null)[];
  const types = first.map((block) => (typeof block?.type === 'string' ? block.type : ''));
  const modules = types.map((type) => rendererModule(manifest, type)).filter((m): m is string => m !== null);
  const chunks = [...new Set(modules.flatMap((module) => routeChunks(manifest, module)))].filter((f) =>
    f.endsWith('.js'),
  );
  const preloads = chunks.map((file) => `<link rel="modulepreload" crossorigin href="/build/presenter/${file}">`);
  const hero = first[0] as { type?: unknown; slides?: unknown } | null | undefined;
  const slide =
    hero?.type === 'hero_home' && Array.isArray(hero.slides) ? (hero.slides[0] as { image?: unknown }) : null;
  const image = isFileRef(slide?.image) ? slide.image : null;
  const imagePreload = image
    ? `<link rel="preload" as="image" href="${attribute(imageUrl(image, 'medium'))}" ` +
      `imagesrcset="${attribute(imageSrcSet(image))}" imagesizes="100vw" fetchpriority="high">`
    : '';
  return {
    key: `${types.join(',')}|${image ? `${image.id}-${image.version}.${image.extension}` : ''}`,
    html: imagePreload + preloads.join(''),
  };
}

/**
 * Composes and compresses the page once per version of the start-up data and of index.html (the anonymous
 * /api/init is cached by its ETag; a rebuilt index.html is a new Buffer) and per page head (its key), so a page
 * load costs a map look-up.
 */
/** How many composed pages (and server renders, server-render.ts) are kept per data version. */
export const MAX_PAGES = 1000;

export class InlinedPageCache {
  private pages = new Map<string, InlinedPage | null>();
  private version: { index: Buffer; etag: string; manifest: Record<string, ManifestChunk> } | null = null;

  constructor(private readonly dist: string | null = null) {}

  get(
    index: Buffer,
    init: { etag: string; identity: Buffer },
    head: (manifest: Record<string, ManifestChunk>) => PageHead = (m) => storefrontHead(m, '/'),
  ): InlinedPage | null {
    if (!this.version || this.version.index !== index || this.version.etag !== init.etag) {
      // a new build comes with a new index.html: its manifest is read with it
      const manifest = this.version?.index === index ? this.version.manifest : this.dist ? readManifest(this.dist) : {};
      this.version = { index, etag: init.etag, manifest };
      this.pages.clear();
    }
    const { key, html: extra, root, rootData, meta } = head(this.version.manifest);
    const known = this.pages.get(key);
    if (known !== undefined) return known;
    const html = inlineInit(index.toString('utf8'), init.identity.toString('utf8'), extra, root, rootData, meta);
    const identity = html === null ? null : Buffer.from(html);
    const page = identity && {
      identity,
      scriptSource: inlineScriptSources(html as string),
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    };
    // one entry per page (the presenter's are per path): any number of unknown paths cannot grow it without bound
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(key, page);
    return page;
  }
}
