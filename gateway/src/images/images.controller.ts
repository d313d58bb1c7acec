import { Body, Controller, Delete, Get, HttpCode, Inject, Injectable, Param, Post, Put, Query } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ObjectStore } from '@nats-io/obj';
import { ImageCreateInput, ImageUpdateInput } from '@shop/contracts';
import { CONFIG, DomainException, NATS_CONNECTION, ServiceBus, stageDataUrl } from '@shop/server';
import type { FastifyInstance } from 'fastify';
import { Actor, Roles } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ID_PARAM_SCHEMA, openApiSchema } from '../openapi/json-schema.js';
import { stagingBucket } from '../uploads/staging-bucket.js';
import { Returns } from '../openapi/returns.js';

const IMAGES_PATH = '/api/images';

function imageId(raw: string): number {
  return pathId(raw, () => DomainException.notFound('Bild'));
}

/**
 * Image writes carry the file as a data-URL, so POST and PUT /api/images get the upload body limit
 * (UPLOAD_BODY_LIMIT_BYTES) instead of the global one. Fastify fixes a route's limit when the route is
 * registered, which Nest does at init, after this provider is constructed.
 */
@Injectable()
export class ImageBodyLimit {
  constructor(adapterHost: HttpAdapterHost, @Inject(CONFIG) config: GatewayConfig) {
    adapterHost.httpAdapter.getInstance<FastifyInstance>().addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method);
      const ours = route.url === IMAGES_PATH || route.url.startsWith(`${IMAGES_PATH}/`);
      if (ours && methods.some((m) => m === 'POST' || m === 'PUT')) route.bodyLimit = config.UPLOAD_BODY_LIMIT_BYTES;
    });
  }
}

/**
 * backoffice-platform.md §7 standard CRUD of images, for staff only (401 without a session): administrators
 * and employees upload and edit, administrators delete (the content service checks again). A file's
 * decoded bytes go into the upload object store (a file is larger than a NATS message may be) and only the
 * object's name is sent; the content service checks, renders and stores it and takes the object out.
 */
@ApiTags('images')
@Controller('api/images')
export class ImagesController {
  private readonly bucket: () => Promise<ObjectStore>;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
  ) {
    this.bucket = stagingBucket(nc, config.NATS_SUBJECT_PREFIX);
    // not fatal at boot: a write without the bucket fails (and is logged), and the next write opens it again
    this.bucket().catch(() => undefined);
  }

  @Get()
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'List images, newest first (page, perPage, search in the name)' })
  @Returns('Image', { many: 'list' })
  async list(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    const reply = await this.bus.request('content.image.list', { query }, actor);
    return { data: reply.items, meta: reply.meta };
  }

  @Get(':id')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiOperation({
    summary: 'One image: { id, version, extension, name, alt, width, height, mimeType, size, createdAt, updatedAt }',
  })
  @Returns('content.image.get')
  async get(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('content.image.get', { id: imageId(id) }, actor) };
  }

  @Post()
  @HttpCode(201)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ImageCreateInput) })
  @ApiOperation({
    summary:
      'Upload an image as a data-URL (JPEG, PNG, WebP, GIF, SVG). The answer is usable as a FileRef ({id, version, extension, alt}) ' +
      'in image fields; files at /image/{id}-{version}.{extension} and /image/{size}/{id}-{version}.{extension}',
  })
  @ApiResponse({ status: 201, description: '{ data: image }' })
  @ApiResponse({ status: 413, description: 'body over UPLOAD_BODY_LIMIT_BYTES' })
  @ApiResponse({
    status: 422,
    description: 'not an accepted image, too large or too wide/high: German error on `data`',
  })
  @Returns('Image')
  async create(@Actor() actor: Actor, @Body() body: unknown) {
    const input = validateBody(ImageCreateInput, body) as ImageCreateInput;
    const file = await stageDataUrl(this.bucket(), input.data);
    return {
      data: await this.bus.request('content.image.create', { file, body: { name: input.name, alt: input.alt } }, actor),
    };
  }

  @Put(':id')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiBody({ schema: openApiSchema(ImageUpdateInput) })
  @ApiOperation({
    summary:
      'Change name and alt; a data-URL in `data` replaces the file and raises the version (old files stay cached)',
  })
  @Returns('Image')
  async update(@Actor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = validateBody(ImageUpdateInput, body) as ImageUpdateInput;
    const key = imageId(id);
    const file = input.data ? await stageDataUrl(this.bucket(), input.data) : null;
    return {
      data: await this.bus.request(
        'content.image.update',
        { id: key, file, body: { name: input.name, alt: input.alt } },
        actor,
      ),
    };
  }

  @Delete(':id')
  @Roles('ROLE_ADMIN')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiOperation({ summary: 'Delete an image (administrators); its files stay, references elsewhere keep working' })
  @Returns(null)
  async remove(@Actor() actor: Actor, @Param('id') id: string) {
    await this.bus.request('content.image.delete', { id: imageId(id) }, actor);
    return { data: null };
  }
}
