import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ContentAiImageInput, ContentAiSiteInput } from '@shop/contracts';
import { Actor, Roles } from '../auth/access.js';
import { pathId } from '../http/path-id.js';
import { validateBody } from '../http/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { DomainException, ServiceBus } from '@shop/server';

/** backoffice-platform.md §7 content-ai: drafts of a site's content and generated images, for staff. */
@ApiTags('content-ai')
@ApiResponse({
  status: 503,
  description: 'no AI endpoint configured (CONTENT_AI_URL), or it gave no valid answer: German error envelope',
})
@Controller('api/content-ai/generate')
export class ContentAiController {
  constructor(private readonly bus: ServiceBus) {}

  @Post('site/:id')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ContentAiSiteInput) })
  @ApiOperation({
    summary:
      "A draft of the site's content that validates against its layout (not saved; the editor saves it). 503 when no AI endpoint is configured or it gave no valid answer",
  })
  async site(@Actor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const siteId = pathId(id, () => DomainException.notFound('Seite'));
    return {
      data: await this.bus.request(
        'content.ai.generate-site',
        { id: siteId, body: validateBody(ContentAiSiteInput, body ?? {}) },
        actor,
      ),
    };
  }

  @Post('image')
  @HttpCode(201)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ContentAiImageInput) })
  @ApiOperation({ summary: 'A generated picture, stored as an image (the answer is the image)' })
  async image(@Actor() actor: Actor, @Body() body: unknown) {
    return {
      data: await this.bus.request(
        'content.ai.generate-image',
        { body: validateBody(ContentAiImageInput, body) },
        actor,
      ),
    };
  }
}
