import { Inject, Injectable } from '@nestjs/common';
import { crudSubject, type Redirect, type Website } from '@shop/contracts';
import { CONFIG, FollowedCache, FollowedCaches, LOGGER, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { websiteOf } from '../common/website.js';

type Target = Pick<Redirect, 'target' | 'status'>;

/**
 * The redirects of each website by source path, loaded once and dropped on every content event (and on writes
 * through this gateway), so a visitor's old path is answered with its 301 or 302 before any web app is served.
 */
@Injectable()
export class RedirectCache {
  private readonly byWebsite: FollowedCache<Website, Map<string, Target>>;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    caches: FollowedCaches,
  ) {
    this.byWebsite = caches.create<Website, Map<string, Target>>({ follows: { content: () => null } });
  }

  invalidate(): void {
    this.byWebsite.clear();
  }

  /** The redirect of `path` on the website of `host`, or null (also when the content service cannot be asked). */
  async find(host: string | undefined, path: string): Promise<Target | null> {
    const website = websiteOf(host, this.config.PRESENTER_HOSTS);
    const redirects = this.byWebsite.get(website, () =>
      this.bus
        .request(crudSubject('redirects', 'list'), { query: { website } }, null)
        .then((reply) => new Map(reply.items.map((r) => [r.source, { target: r.target, status: r.status }]))),
    );
    try {
      return (await redirects).get(path) ?? null;
    } catch (err) {
      this.logger.warn({ err, path }, 'redirects unavailable; the page is served without them');
      return null;
    }
  }
}
