import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONFIG, DomainException } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { resolve } from 'node:path';
import type { GatewayConfig } from '../config/gateway-config.js';

const FILE_NAME = /^\d+-\d+\.[a-z0-9]{1,8}$/;
/** api-contract.md "Files": icon 64, thumbnail 128, tiny 256, small 640, medium 1280, large 1920 px wide */
const SIZES = new Set(['icon', 'thumbnail', 'tiny', 'small', 'medium', 'large', 'product', 'category']);

/**
 * /image/{id}-{version}.{ext} and its size variants from the file store. Variants fall back to the original
 * until the content service renders them (issue: content); names are strictly validated, so no path escapes.
 */
@ApiTags('files')
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
  upload(@Param('publicHash') publicHash: string, @Param('file') file: string, @Res() reply: FastifyReply) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(publicHash)) throw DomainException.notFound();
    return this.send(file, reply, resolve(this.uploads, publicHash));
  }

  @Get('image/:file')
  @ApiOperation({ summary: 'An image, original size' })
  original(@Param('file') file: string, @Res() reply: FastifyReply) {
    return this.send(file, reply);
  }

  @Get('image/:size/:file')
  @ApiOperation({ summary: 'An image in a named size (icon, thumbnail, tiny, small, medium, large, product, category)' })
  sized(@Param('size') size: string, @Param('file') file: string, @Res() reply: FastifyReply) {
    if (!SIZES.has(size)) throw DomainException.notFound();
    return this.send(file, reply);
  }

  private send(file: string, reply: FastifyReply, root = this.root) {
    if (!FILE_NAME.test(file)) throw DomainException.notFound();
    // file names carry their version: a changed file gets a new URL, so caches may keep them for a year
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.sendFile(file, root);
  }
}
