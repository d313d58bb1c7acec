import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CONFIG, DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { resolve } from 'node:path';
import { Public } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { Returns, ReturnsMedia } from '../openapi/returns.js';

const EMBED_FILE = /^style-([a-z0-9]+)\.embed\.css$/;
const FONT_FILE = /^[0-9a-f]{32}\.(woff2|woff|ttf|otf)$/;
/** how long the gateway waits for an embed (the content service's upstream fetches; the bus's default is 5 s) */
const EMBED_TIMEOUT_MS = 60_000;

/**
 * Fonts served by this server only (issue 16): the families on offer, a family's CSS with its font files stored
 * here (the content service fetches them from the configured upstream once), and the font files themselves.
 */
@ApiTags('fonts')
@Public()
@Controller()
export class FontsController {
  private readonly files: string;
  constructor(
    private readonly bus: ServiceBus,
    @Inject(CONFIG) config: GatewayConfig,
  ) {
    this.files = resolve(config.FILES_DIR, 'font', 'files');
  }

  @Get('api/fonts')
  @ApiOperation({ summary: 'The font families on offer, with their variants' })
  @Returns('content.font.list')
  async list() {
    return { data: await this.bus.request('content.font.list', {}, null) };
  }

  @Get('api/fonts/google/:family/:file')
  @ApiResponse({ status: 503, description: 'the font upstream cannot be reached: German error envelope' })
  @ApiOperation({
    summary:
      'style-{variant}.embed.css: the family CSS with every font file served from /font/… (fetched upstream once, cached per family and variant)',
  })
  @ReturnsMedia(['text/css'], "the family's stylesheet, its url()s pointing at /font/…", { status: 200 })
  async embed(@Param('family') family: string, @Param('file') file: string, @Res() reply: FastifyReply) {
    const variant = EMBED_FILE.exec(file)?.[1];
    if (!variant) throw DomainException.notFound();
    // the first embed of a variant fetches its CSS and each font file upstream, one after another (up to 10 s each)
    const { css } = await this.bus.request(
      'content.font.embed',
      { family: family.replaceAll('+', ' '), variant },
      null,
      { timeoutMs: EMBED_TIMEOUT_MS },
    );
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=86400');
    return reply.send(css);
  }

  @Get('font/:file')
  @ApiOperation({ summary: 'A stored font file (immutable: its name is its content hash)' })
  @ReturnsMedia(['font/woff2', 'font/woff', 'font/ttf', 'font/otf'], 'the font file')
  font(@Param('file') file: string, @Res() reply: FastifyReply) {
    if (!FONT_FILE.test(file)) throw DomainException.notFound();
    return reply.sendFile(file, this.files, { maxAge: 31_536_000_000, immutable: true });
  }
}
