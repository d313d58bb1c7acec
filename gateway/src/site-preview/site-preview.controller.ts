import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PREVIEW_QUERY, type SitePreviewLink } from '@shop/contracts';
import { CONFIG, DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { Actor, Roles } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { pathId } from '../common/path-id.js';
import { Returns } from '../openapi/returns.js';

/**
 * The back office's 'Vorschau' of a site (issue 18): the staff session cookie belongs to the back office's host, so
 * on the presenter's host (or in a fresh tab) the page would be a visitor's. The link carries a short-lived token,
 * signed by the content service and bound to this one site, which the page passes with its content request.
 */
@ApiTags('content')
@Controller('api/sites')
export class SitePreviewController {
  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post(':id/preview')
  @HttpCode(201)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({
    summary:
      "A preview link of the site, also when it is not public: `{token, url, expiresAt}`; the url is the page on its website's host (the presenter's first PRESENTER_HOSTS entry, the storefront on this host) with `?vorschau=<token>`. The token shows this one site (with the draft style) until it expires (PREVIEW_TOKEN_TTL_SECONDS, 30 minutes); answers made with it are `Cache-Control: private, no-store` and `X-Robots-Tag: noindex`; an expired, tampered or other site's token shows the 404 page",
  })
  @ApiResponse({ status: 404, description: 'no such site' })
  @Returns('SitePreviewLink', { status: 201 })
  async preview(
    @Actor() actor: Actor,
    @Param('id') id: string,
    @Req() req: FastifyRequest,
  ): Promise<{ data: SitePreviewLink }> {
    const siteId = pathId(id, () => DomainException.notFound('Seite'));
    const { token, expiresAt, website, path } = await this.bus.request(
      'content.site.preview-token',
      { id: siteId },
      actor,
    );
    const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
    const host = website === 'presenter' ? this.config.PRESENTER_HOSTS[0] : req.hostname.replace(/:\d+$/, '');
    const url = `${req.protocol}://${host ?? req.hostname}${port}${path}?${PREVIEW_QUERY}=${encodeURIComponent(token)}`;
    return { data: { token, url, expiresAt } };
  }
}
