import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CRUD_RESOURCES, UploadRenameInput } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';

const uploadId = (raw: string) => pathId(raw, () => DomainException.notFound(CRUD_RESOURCES.uploads.label));

/**
 * Staff routes of the uploads beside their CRUD (list, read, delete) and the anonymous POST /api/uploads
 * (upload.route.ts): renaming one (issue 42 item 7).
 */
@ApiTags('uploads')
@Controller('api/uploads')
export class UploadsController extends createHttpController([
  {
    name: 'rename',
    method: 'post',
    path: ':id/rename',
    access: STAFF_ROLES,
    status: 200,
    body: UploadRenameInput,
    summary: 'Rename an upload: the name the back office shows (the file and its address stay)',
    ...forward('content.upload.rename', ({ params, body }) => ({
      id: uploadId(params.id),
      body: validateBody(UploadRenameInput, body ?? {}),
    })),
  },
]) {}
