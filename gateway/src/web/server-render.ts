import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { InitEntry } from '@shop/contracts';
import { sanitizeRichText } from '@shop/server';
import type { Logger } from 'pino';
import { MAX_PAGES } from './inline-init.js';

/** web/presenter/src/entry-server.tsx, built into the presenter's dist/.server (which the gateway does not serve) */
interface PresenterServerEntry {
  renderPage(path: string, batch: InitEntry[], sanitize: (html: string) => string): Promise<string>;
}

/** Where a prerender puts the resource hints it finds (the first slide's image): React writes them before the markup. */
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;

/** The markup of a page: the hints for the head (React's, see LEADING_LINKS) and the HTML of #root. */
export interface RenderedPage {
  head: string;
  root: string;
}

/**
 * The presenter's server render (issue 17: Lighthouse's largest paint without waiting for the scripts): a visitor's
 * page arrives with its first screen painted, rendered from the same start-up batch the page carries, which the app
 * then hydrates. One render per path and version of the batch (its ETag), shared by concurrent requests; a failed
 * render, or a build without the server bundle, leaves the page to render in the browser as before.
 */
export class PresenterServerRender {
  private entry: PresenterServerEntry | null | undefined;
  private etag = '';
  private batch: InitEntry[] = [];
  private pages = new Map<string, Promise<RenderedPage | null>>();

  constructor(
    private readonly presenterDir: string,
    private readonly logger: Logger,
  ) {}

  render(path: string, init: { etag: string; identity: Buffer }): Promise<RenderedPage | null> {
    const entry = this.load();
    if (!entry) return Promise.resolve(null);
    if (init.etag !== this.etag) {
      this.etag = init.etag;
      this.batch = (JSON.parse(init.identity.toString('utf8')) as { data: InitEntry[] }).data;
      this.pages.clear();
    }
    const known = this.pages.get(path);
    if (known) return known;
    const page: Promise<RenderedPage | null> = entry.renderPage(path, this.batch, sanitizeRichText).then(
      (html) => {
        const head = LEADING_LINKS.exec(html)?.[0] ?? '';
        return { head, root: html.slice(head.length) };
      },
      (err: unknown) => {
        this.logger.warn({ err, path }, 'presenter page: server render failed, the browser renders it');
        // tried again next time (unless a newer batch's render took its place meanwhile)
        if (this.pages.get(path) === page) this.pages.delete(path);
        return null;
      },
    );
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(path, page);
    return page;
  }

  private load(): PresenterServerEntry | null {
    if (this.entry !== undefined) return this.entry;
    const file = resolve(this.presenterDir, '.server/entry-server.cjs');
    this.entry = null;
    try {
      if (existsSync(file)) this.entry = createRequire(import.meta.url)(file) as PresenterServerEntry;
      else this.logger.warn({ file }, 'presenter: no server bundle, its pages render in the browser');
    } catch (err) {
      this.logger.error({ err, file }, 'presenter: server bundle not loadable, its pages render in the browser');
    }
    return this.entry;
  }
}
