import { Inject, Injectable } from '@nestjs/common';
import { crudSubject, type Redirect, type Website } from '@shop/contracts';
import { CONFIG, LOGGER, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { websiteOf } from '../http/website.js';
import { sharedBuild } from '../init/shared-build.js';

type Target = Pick<Redirect, 'target' | 'status'>;

/**
 * The redirects of each website by source path, loaded once and dropped on every content event (and on writes
 * through this gateway), so a visitor's old path is answered with its 301 or 302 before any web app is served.
 */
@Injectable()
export class RedirectCache {
  private readonly byWebsite = new Map<Website, Promise<Map<string, Target>>>();

  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  invalidate(): void {
    this.byWebsite.clear();
  }

  /** The redirect of `path` on the website of `host`, or null (also when the content service cannot be asked). */
  async find(host: string | undefined, path: string): Promise<Target | null> {
    const website = websiteOf(host, this.config.PRESENTER_HOSTS);
    const redirects = sharedBuild(this.byWebsite, website, () =>
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
