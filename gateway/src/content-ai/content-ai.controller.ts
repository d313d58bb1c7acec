import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ContentAiImageInput, ContentAiSiteInput } from '@shop/contracts';
import { Actor, Roles } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { DomainException, ServiceBus } from '@shop/server';
import { Returns } from '../openapi/returns.js';

const STARTED =
  'A generation ({id, kind, status: queued|running|done|failed, content, image, message, createdAt}) to poll at GET /api/content-ai/generations/{id}. The same request of the same user while one is queued or running answers that one';

/**
 * backoffice-platform.md §7 content-ai: drafts of a site's content and generated images, for staff. The AI is
 * slower than a request may wait (the gateway's bus timeout is seconds, a model takes up to minutes), so a POST
 * starts a generation (a job of the content service) and the back office polls it (issue 37 item 6).
 */
@ApiTags('content-ai')
@ApiResponse({
  status: 503,
  description: 'no AI endpoint configured (CONTENT_AI_URL), or the job queue is unreachable: German error envelope',
})
@ApiResponse({
  status: 429,
  description:
    'the user started CONTENT_AI_PER_USER_PER_HOUR generations in the last hour or has CONTENT_AI_PER_USER_RUNNING queued or running: "Zu viele Anfragen. …" with Retry-After',
  headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds until a new one is taken' } },
})
@Controller('api/content-ai')
export class ContentAiController {
  constructor(private readonly bus: ServiceBus) {}

  @Post('generate/site/:id')
  @HttpCode(202)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ContentAiSiteInput) })
  @ApiOperation({
    summary: "Start a draft of the site's content that validates against its layout (not saved; the editor saves it)",
  })
  @ApiResponse({ status: 202, description: STARTED })
  @Returns('ContentAiGeneration')
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

  @Post('generate/image')
  @HttpCode(202)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(ContentAiImageInput) })
  @ApiOperation({ summary: 'Start a generated picture, stored as an image of the library when done' })
  @ApiResponse({ status: 202, description: STARTED })
  @Returns('ContentAiGeneration')
  async image(@Actor() actor: Actor, @Body() body: unknown) {
    return {
      data: await this.bus.request(
        'content.ai.generate-image',
        { body: validateBody(ContentAiImageInput, body) },
        actor,
      ),
    };
  }

  @Get('generations/:id')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({
    summary:
      "A generation of the session's user: queued or running; done with the draft (content) or the image; failed with the German message. Another user's is 404",
  })
  @Returns('content.ai.generation.get')
  async generation(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('content.ai.generation.get', { id }, actor) };
  }
}
