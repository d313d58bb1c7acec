import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONFIG, DomainException } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Public } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ReturnsMedia } from '../openapi/returns.js';

const FILE_NAME = /^\d+-\d+\.[a-z0-9]{1,8}$/;
/** api-contract.md "Files": icon 64, thumbnail 128, tiny 256, small 640, medium 1280, large 1920 px wide */
const SIZES = new Set(['icon', 'thumbnail', 'tiny', 'small', 'medium', 'large', 'product', 'category']);
/** uploads the browser may show in place: pictures (an SVG runs nothing, see send) */
const INLINE_UPLOAD = /\.(png|jpe?g|gif|svg)$/;

/**
 * /image/{id}-{version}.{ext} and its size variants from the file store: the content service renders the
 * variants into FILES_DIR/image/{size}/; a size without one (SVGs, images not wider than the size, the
 * product and category presets) is the original. Names are strictly validated, so no path escapes.
 */
@ApiTags('files')
@Public()
@Controller()
export class FilesController {
  private readonly root: string;
  private readonly uploads: string;
  constructor(@Inject(CONFIG) config: GatewayConfig) {
    this.root = resolve(config.FILES_DIR, 'image');
    this.uploads = resolve(config.FILES_DIR, 'upload');
  }

  @Get('upload/:publicHash/:file')
  @ApiOperation({ summary: 'An uploaded file: /upload/{publicHash}/{id}-{version}.{extension}' })
  @ReturnsMedia(['*/*'], 'the file as uploaded (pictures inline, anything else as a download)')
  upload(@Param('publicHash') publicHash: string, @Param('file') file: string, @Res() reply: FastifyReply) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(publicHash)) throw DomainException.notFound();
    // anyone may upload: only pictures are shown in the browser, anything else (text, PDF, office files) is a download
    if (!INLINE_UPLOAD.test(file)) reply.header('content-disposition', 'attachment');
    return this.send(file, reply, resolve(this.uploads, publicHash));
  }

  @Get('upload/:publicHash/preview/:file')
  @ApiOperation({
    summary:
      'The JPEG preview of an uploaded picture (jpeg, png, gif): /upload/{publicHash}/preview/{id}-{version}.jpg',
  })
  @ReturnsMedia(['image/jpeg'], 'the JPEG preview')
  preview(@Param('publicHash') publicHash: string, @Param('file') file: string, @Res() reply: FastifyReply) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(publicHash) || !file.endsWith('.jpg')) throw DomainException.notFound();
    return this.send(file, reply, resolve(this.uploads, publicHash, 'preview'));
  }

  @Get('image/:file')
  @ApiOperation({ summary: 'An image, original size' })
  @ReturnsMedia(['image/*'], 'the image')
  original(@Param('file') file: string, @Res() reply: FastifyReply) {
    return this.send(file, reply);
  }

  @Get('image/:size/:file')
  @ApiOperation({
    summary: 'An image in a named size (icon, thumbnail, tiny, small, medium, large, product, category)',
  })
  @ReturnsMedia(['image/*'], 'the image in that size')
  async sized(@Param('size') size: string, @Param('file') file: string, @Res() reply: FastifyReply) {
    if (!SIZES.has(size) || !FILE_NAME.test(file)) throw DomainException.notFound();
    const variants = resolve(this.root, size);
    const rendered = await access(resolve(variants, file)).then(
      () => true,
      () => false,
    );
    return this.send(file, reply, rendered ? variants : this.root);
  }

  private send(file: string, reply: FastifyReply, root = this.root) {
    if (!FILE_NAME.test(file)) throw DomainException.notFound();
    reply.header('x-content-type-options', 'nosniff');
    // an SVG opened on its own may not run scripts or load anything (anyone may upload one)
    if (file.endsWith('.svg'))
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // file names carry their version: a changed file gets a new URL, so caches may keep them for a year (set through
    // sendFile: a header set before it is replaced by @fastify/static's own `max-age=0`)
    return reply.sendFile(file, root, { maxAge: 31_536_000_000, immutable: true });
  }
}
