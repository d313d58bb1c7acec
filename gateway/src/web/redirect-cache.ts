import { Inject, Injectable } from '@nestjs/common';
import {
  crudSubject,
  isProtectedRedirectSource,
  isRedirectTargetAllowed,
  type Redirect,
  type Website,
} from '@shop/contracts';
import { CONFIG, FollowedCache, FollowedCaches, LOGGER, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { websiteOf } from '../common/website.js';

type Target = Pick<Redirect, 'target' | 'status'>;

/**
 * The stored redirects split into those the gateway answers (by source) and those it refuses: from a protected
 * path, or to a target the content service refuses today (not a path of the website nor an http(s) URL on an
 * allowed host: `//host`, `/\\host`, `javascript:`, another host).
 */
export function servableRedirects(
  redirects: readonly Pick<Redirect, 'source' | 'target' | 'status'>[],
  allowedHosts: readonly string[],
): { served: Map<string, Target>; refused: Array<Pick<Redirect, 'source' | 'target'>> } {
  const served = new Map<string, Target>();
  const refused: Array<Pick<Redirect, 'source' | 'target'>> = [];
  for (const r of redirects) {
    if (isProtectedRedirectSource(r.source) || !isRedirectTargetAllowed(r.target, allowedHosts)) refused.push(r);
    else served.set(r.source, { target: r.target, status: r.status });
  }
  return { served, refused };
}

/**
 * The redirects of each website by source path, loaded once and dropped on every content event (and on writes
 * through this gateway), so a visitor's old path is answered with its 301 or 302 before any web app is served.
 * Defence in depth (issue 42): a redirect the content service would refuse today (stored before its rules) is
 * not answered and is logged once per load: from a protected path (start page, checkout, order status), or to a
 * target that is not a path of this website nor an http(s) URL on a host of REDIRECT_ALLOWED_HOSTS.
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

  /** The redirects that may be answered, by source; the others are logged and left out. */
  private servable(website: Website, redirects: readonly Redirect[]): Map<string, Target> {
    const { served, refused } = servableRedirects(redirects, this.config.REDIRECT_ALLOWED_HOSTS);
    for (const r of refused)
      this.logger.warn({ website, source: r.source, target: r.target }, 'unsafe stored redirect not served');
    return served;
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
        .then((reply) => this.servable(website, reply.items)),
    );
    try {
      return (await redirects).get(path) ?? null;
    } catch (err) {
      this.logger.warn({ err, path }, 'redirects unavailable; the page is served without them');
      return null;
    }
  }
}
