import { Inject, Injectable } from '@nestjs/common';
import type { Site, Website } from '@shop/contracts';
import { LOGGER, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';

/**
 * What every answer made with a draft-preview token carries (`?vorschau=` on a page or on /api/init): kept by no
 * cache and indexed by no search engine, whether the token was valid or not.
 */
export const PREVIEW_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } as const;

/** The site a draft-preview token shows on a website (the content service checks signature, expiry and website). */
@Injectable()
export class SitePreviews {
  constructor(
    private readonly bus: ServiceBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The previewed site, or null for an expired, tampered or other website's token (the page is the 404 page). */
  async site(website: Website, token: string): Promise<Site | null> {
    try {
      return await this.bus.request('content.site.preview', { token, website }, null);
    } catch (err) {
      // an unreadable token (e.g. too long) is refused as bad input: it shows nothing, like any invalid token
      this.logger.warn({ err }, 'preview token refused');
      return null;
    }
  }
}
