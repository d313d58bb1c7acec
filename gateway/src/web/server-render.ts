import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { InitEntry } from '@shop/contracts';
import type { ConsentChoice } from '@shop/domain';
import { sanitizeRichText } from '@shop/server';
import type { Logger } from 'pino';
import { MAX_PAGES } from './inline-init.js';

/**
 * An app's src/entry-server.tsx (web/presenter, web/storefront), built into its dist/.server (which the gateway does
 * not serve). `renderedAt`: the time the page shows (the storefront's open/closed states); the presenter ignores it.
 * `rootData`, if the app has it: what its hydration needs besides the batch, as data attributes of #root (names
 * without `data-`).
 */
interface ServerEntry {
  renderPage(
    path: string,
    batch: InitEntry[],
    sanitize: (html: string) => string,
    renderedAt: number,
    consent: ConsentChoice | null,
  ): Promise<string>;
  rootData?(batch: InitEntry[], renderedAt: number): Record<string, string>;
  /** if the app has it: the page's title and description (plain text) for the head (issue 43) */
  pageMeta?(path: string, batch: InitEntry[]): PageMeta;
}

/** A page's title and description meta (issue 43: the website's own, not the index.html's). */
export interface PageMeta {
  title: string;
  description: string;
}

/** Where a prerender puts its resource hints (images of the first screen): React writes them before the markup. */
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;

/**
 * The markup of a page: the hints for the head (React's, see LEADING_LINKS), the HTML of #root, the data attributes
 * of #root (the storefront's: the time the markup shows and the time-zone offsets it used) and its key.
 */
export interface RenderedPage {
  head: string;
  root: string;
  data: Record<string, string>;
  /** one per path, time slot and consent answer */
  key: string;
  /** the page's title and description, if the app names them */
  meta?: PageMeta | null;
}

export interface ServerRenderOptions {
  /** the app's name in log lines */
  app: string;
  /**
   * how long one render of a path stays current (ms): the storefront's pages show open/closed states, rendered anew
   * each minute; unset: until the batch changes (the presenter's pages depend on their content only)
   */
  timeSlotMs?: number;
}

/**
 * The server render of a web app's first screen (issue 17 for the presenter, issue 22 for the storefront's branch
 * list and branch page: Lighthouse's largest paint without waiting for the scripts): a visitor's page arrives painted,
 * rendered from the same start-up batch the page carries, which the app then hydrates. One render per path, version
 * of the batch (its ETag), time slot and consent answer, shared by concurrent requests; a failed render, or a build
 * without the server bundle, leaves the page to render in the browser as before.
 */
export class ServerRender {
  private entry: ServerEntry | null | undefined;
  private etag = '';
  private batch: InitEntry[] = [];
  private pages = new Map<string, Promise<RenderedPage | null>>();

  constructor(
    private readonly appDir: string,
    private readonly logger: Logger,
    private readonly options: ServerRenderOptions,
  ) {}

  /**
   * `consent`: the visitor's answer in the consent cookie (the page arrives with the cookie banner only without one,
   * as the app renders it while hydrating).
   */
  render(
    path: string,
    init: { etag: string; identity: Buffer },
    { now = Date.now(), consent = null }: { now?: number; consent?: ConsentChoice | null } = {},
  ): Promise<RenderedPage | null> {
    const entry = this.load();
    if (!entry) return Promise.resolve(null);
    if (init.etag !== this.etag) {
      this.etag = init.etag;
      this.batch = (JSON.parse(init.identity.toString('utf8')) as { data: InitEntry[] }).data;
      this.pages.clear();
    }
    const slot = this.options.timeSlotMs;
    const renderedAt = slot ? now - (now % slot) : now;
    const key = `${slot ? renderedAt : ''}|${consent ?? ''}|${path}`;
    const known = this.pages.get(key);
    if (known) return known;
    const rendering = entry.renderPage(path, this.batch, sanitizeRichText, renderedAt, consent);
    const page: Promise<RenderedPage | null> = rendering.then(
      (html) => {
        const head = LEADING_LINKS.exec(html)?.[0] ?? '';
        const data = entry.rootData?.(this.batch, renderedAt) ?? {};
        const meta = entry.pageMeta?.(path, this.batch) ?? null;
        return { head, root: html.slice(head.length), data, key, meta };
      },
      (err: unknown) => {
        this.logger.warn({ err, path }, `${this.options.app} page: server render failed, the browser renders it`);
        // tried again next time (unless a newer batch's render took its place meanwhile)
        if (this.pages.get(key) === page) this.pages.delete(key);
        return null;
      },
    );
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(key, page);
    return page;
  }

  private load(): ServerEntry | null {
    if (this.entry !== undefined) return this.entry;
    const file = resolve(this.appDir, '.server/entry-server.cjs');
    const { app } = this.options;
    this.entry = null;
    try {
      if (existsSync(file)) this.entry = createRequire(import.meta.url)(file) as ServerEntry;
      else this.logger.warn({ file }, `${app}: no server bundle, its pages render in the browser`);
    } catch (err) {
      this.logger.error({ err, file }, `${app}: server bundle not loadable, its pages render in the browser`);
    }
    return this.entry;
  }
}
