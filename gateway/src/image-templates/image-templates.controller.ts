import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ImageTemplateRenderInput } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';

const templateId = (raw: string) => pathId(raw, () => DomainException.notFound('Bildvorlage'));

/** backoffice-platform.md §7 "GET /image-templates/{id}/layers", and rendering a template into a new image. */
@ApiTags('image-templates')
@Controller('api/image-templates')
export class ImageTemplatesController extends createHttpController([
  {
    name: 'layers',
    method: 'get',
    path: ':id/layers',
    access: STAFF_ROLES,
    summary: "The template's layers, bottom first",
    ...forward('content.image-template.layers', ({ params }) => ({ id: templateId(params.id) })),
  },
  {
    name: 'render',
    method: 'post',
    path: ':id/render',
    access: STAFF_ROLES,
    status: 201,
    body: ImageTemplateRenderInput,
    summary: 'Render the layers into a new image of the library (the answer is the image)',
    ...forward('content.image-template.render', ({ params, body }) => ({
      id: templateId(params.id),
      body: validateBody(ImageTemplateRenderInput, body ?? {}),
    })),
  },
]) {}
