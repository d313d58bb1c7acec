import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { PREVIEW_QUERY } from '@shop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG } from '@shop/server';
import { Actor, Public } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { etagMatches, pickEncoding } from '../common/conditional.js';
import { websiteOf } from '../common/website.js';
import { PREVIEW_HEADERS, SitePreviews } from '../site-preview/site-preview.js';
import { InitCache, type InitBody } from './init-cache.js';
import { Returns } from '../openapi/returns.js';

@ApiTags('init')
@Controller('api')
export class InitController {
  constructor(
    private readonly cache: InitCache,
    private readonly previews: SitePreviews,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('init')
  @Public()
  @ApiOperation({
    summary:
      'Start-up batch: the 14 entries {url, data} of backoffice-platform.md §7; public data and users/me null for visitors',
  })
  @ApiQuery({
    name: PREVIEW_QUERY,
    required: false,
    description:
      "a draft-preview token (POST /api/sites/{id}/preview): the answer holds that one site too, also when it is not public; an invalid token adds nothing. Such answers are 'Cache-Control: private, no-store' and 'X-Robots-Tag: noindex'",
  })
  @Returns('InitEntry', { many: 'array' })
  async init(
    @Actor() actor: Actor | null,
    @Query(PREVIEW_QUERY) token: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const website = websiteOf(req.headers.host, this.config.PRESENTER_HOSTS);
    const preview = typeof token === 'string' && token ? await this.previews.site(website, token) : null;
    const body: InitBody = preview
      ? await this.cache.withPreview(actor, website, preview)
      : actor
        ? await this.cache.forStaff(actor, website)
        : await this.cache.forAnonymous(website);
    reply
      .header('etag', body.etag)
      .header('vary', 'Accept-Encoding, Cookie, Host')
      .header('cache-control', actor ? 'private, no-cache' : 'public, no-cache');
    if (token !== undefined) reply.headers(PREVIEW_HEADERS);
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      await reply.status(304).send();
      return;
    }
    const encoding = pickEncoding(req.headers['accept-encoding'], body.br !== null);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
  }
}
