import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ImageTemplateRenderInput } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { Actor, Roles } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';

const notFound = () => DomainException.notFound('Bildvorlage');

/** backoffice-platform.md §7 "GET /image-templates/{id}/layers", and rendering a template into a new image. */
@ApiTags('image-templates')
@Controller('api/image-templates/:id')
export class ImageTemplatesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get('layers')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: "The template's layers, bottom first" })
  @Returns('content.image-template.layers')
  async layers(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('content.image-template.layers', { id: pathId(id, notFound) }, actor) };
  }

  @Post('render')
  @HttpCode(201)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ImageTemplateRenderInput) })
  @ApiOperation({ summary: 'Render the layers into a new image of the library (the answer is the image)' })
  @Returns('content.image-template.render')
  async render(@Actor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const payload = { id: pathId(id, notFound), body: validateBody(ImageTemplateRenderInput, body ?? {}) };
    return { data: await this.bus.request('content.image-template.render', payload, actor) };
  }
}
