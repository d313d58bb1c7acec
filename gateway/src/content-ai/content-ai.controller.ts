import { Controller } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { ContentAiImageInput, ContentAiSiteInput } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward, sendTo } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { Returns } from '../openapi/returns.js';

/** What a POST answers: the generation it started (or the one of the same request still under way). */
const STARTED = {
  decorators: [
    ApiResponse({
      status: 202,
      description:
        'A generation ({id, kind, status: queued|running|done|failed, content, image, message, createdAt}) to poll at GET /api/content-ai/generations/{id}. The same request of the same user while one is queued or running answers that one',
    }),
  ],
  answer: Returns('ContentAiGeneration'),
};

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
export class ContentAiController extends createHttpController([
  {
    name: 'site',
    method: 'post',
    path: 'generate/site/:id',
    status: 202,
    access: STAFF_ROLES,
    body: ContentAiSiteInput,
    summary: "Start a draft of the site's content that validates against its layout (not saved; the editor saves it)",
    ...STARTED,
    handle: sendTo('content.ai.generate-site', ({ params, body }) => ({
      id: pathId(params.id, () => DomainException.notFound('Seite')),
      body: validateBody(ContentAiSiteInput, body ?? {}),
    })),
  },
  {
    name: 'image',
    method: 'post',
    path: 'generate/image',
    status: 202,
    access: STAFF_ROLES,
    body: ContentAiImageInput,
    summary: 'Start a generated picture, stored as an image of the library when done',
    ...STARTED,
    handle: sendTo('content.ai.generate-image', ({ body }) => ({ body: validateBody(ContentAiImageInput, body) })),
  },
  {
    name: 'status',
    method: 'get',
    path: 'status',
    access: STAFF_ROLES,
    summary:
      'Whether an AI endpoint is configured (CONTENT_AI_URL): without one the back office disables its AI buttons and says why',
    ...forward('content.ai.status', () => ({})),
  },
  {
    name: 'generation',
    method: 'get',
    path: 'generations/:id',
    access: STAFF_ROLES,
    summary:
      "A generation of the session's user: queued or running; done with the draft (content) or the image; failed with the German message. Another user's is 404",
    ...forward('content.ai.generation.get', ({ params }) => ({ id: params.id })),
  },
]) {}
