import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';

/** How often an unknown identifier may ask the catalogue again. */
const REFRESH_MS = 60_000;
/** The storefront's branch pages: /store/{identifier}[/checkout…], also below /self-service. */
const STORE_PAGE = /^(?:\/self-service)?\/store\/([^/?#]+)/;

/** The branch identifier in a storefront path, if it is a branch page. */
export function storeIdentifierOf(path: string | null | undefined): string | null {
  const m = path ? STORE_PAGE.exec(path) : null;
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/**
 * Branch identifiers (as the storefront's paths and events name branches) to branch ids, from the catalogue's
 * public init snapshot: loaded on first use and again when an identifier is unknown, at most once a minute.
 * The catalogue unreachable: an identifier stays unresolved (the event counts for the whole shop), logged.
 */
@Injectable()
export class BranchDirectory {
  private ids = new Map<string, number>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The ids of these identifiers (unknown ones left out). */
  async resolve(identifiers: Iterable<string>): Promise<Map<string, number>> {
    const wanted = [...new Set(identifiers)];
    if (wanted.some((i) => !this.ids.has(i)) && Date.now() - this.loadedAt >= REFRESH_MS) await this.load();
    return new Map(wanted.flatMap((i) => (this.ids.has(i) ? [[i, this.ids.get(i) as number] as const] : [])));
  }

  private load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const snapshot = await this.bus.requestAsService('catalogue.init.snapshot', {});
        this.ids = new Map(snapshot.branches.map((b) => [b.identifier, b.id]));
      } catch (err) {
        this.logger.warn({ err }, 'statistics: branch identifiers not loaded');
      } finally {
        this.loadedAt = Date.now();
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
