import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor, Public } from '../auth/access.js';
import { etagMatches, pickEncoding } from '../http/conditional.js';
import { InitCache, type InitBody } from './init-cache.js';

@ApiTags('init')
@Controller('api')
export class InitController {
  constructor(private readonly cache: InitCache) {}

  @Get('init')
  @Public()
  @ApiOperation({
    summary:
      'Start-up batch: the 14 entries {url, data} of backoffice-platform.md §7; public data and users/me null for visitors',
  })
  async init(@Actor() actor: Actor | null, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body: InitBody = actor ? await this.cache.forStaff(actor) : await this.cache.forAnonymous();
    reply
      .header('etag', body.etag)
      .header('vary', 'Accept-Encoding, Cookie')
      .header('cache-control', actor ? 'private, no-cache' : 'public, no-cache');
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
