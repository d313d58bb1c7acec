import { Controller } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignageBulkCommandInput, SignageCommandInput } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ID_PARAM_SCHEMA } from '../openapi/json-schema.js';
import { ReturnsMedia } from '../openapi/returns.js';

const deviceId = (raw: string) => pathId(raw, () => DomainException.notFound('TV'));
const ID_PARAM = ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA });

/**
 * Commands to a signage device (backoffice-platform.md §4 "A digital signage device accepts a command, which can be
 * aborted; both return the updated device"): staff of the device's branch (the signage service checks the branch).
 */
@ApiTags('digital-signage-devices')
@Controller('api/digital-signage-devices')
export class SignageCommandsController extends createHttpController([
  {
    name: 'commandMany',
    method: 'post',
    path: 'command',
    status: 200,
    access: STAFF_ROLES,
    body: SignageBulkCommandInput,
    summary: 'Send one command to many TVs: the listed ones, or the enabled TVs of a branch or of a stream',
    ...forward('signage.device.bulk-command', ({ body }) => validateBody(SignageBulkCommandInput, body)),
  },
  {
    name: 'command',
    method: 'post',
    path: ':id/command',
    status: 200,
    access: STAFF_ROLES,
    decorators: [ID_PARAM],
    body: SignageCommandInput,
    summary: 'Send a command (reload, show-scene, screen-on, screen-off, identify, screenshot); the updated device',
    ...forward('signage.device.command', ({ params, body }) => ({
      id: deviceId(params.id),
      body: validateBody(SignageCommandInput, body),
    })),
  },
  {
    name: 'screenshot',
    method: 'get',
    path: ':id/screenshot',
    access: STAFF_ROLES,
    decorators: [
      ID_PARAM,
      ApiQuery({
        name: 'c',
        required: false,
        schema: ID_PARAM_SCHEMA,
        description: 'the screenshot command (else latest)',
      }),
      ApiProduces('image/jpeg'),
    ],
    summary: "The picture of the TV's latest (or the given) done screenshot command; 404 if none",
    answer: ReturnsMedia(['image/jpeg'], 'the last screenshot'),
    sends: true,
    handle: async ({ actor, params, query: { c }, reply }, { bus }) => {
      const notFound = () => DomainException.notFound('Bildschirmfoto');
      const payload = { id: deviceId(params.id), command: c === undefined ? null : pathId(String(c), notFound) };
      const picture = await bus.request('signage.device.screenshot', payload, actor);
      return reply
        .header('content-type', picture.mediaType)
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(picture.base64, 'base64'));
    },
  },
  {
    name: 'abort',
    method: 'post',
    path: ':id/command/abort',
    status: 200,
    access: STAFF_ROLES,
    decorators: [ID_PARAM],
    summary: 'Abort the pending or running command; the updated device',
    ...forward('signage.device.abort-command', ({ params }) => ({ id: deviceId(params.id) })),
  },
]) {}

/** A stream's preview in the back office: its segments as a player plays them (staff). */
@ApiTags('digital-signage-streams')
@Controller('api/digital-signage-streams')
export class SignageStreamPreviewController extends createHttpController([
  {
    name: 'preview',
    method: 'get',
    path: ':id/preview',
    access: STAFF_ROLES,
    decorators: [ID_PARAM],
    summary: "The stream's segments as the player plays them (image URLs resolved), for a preview",
    ...forward('signage.stream.preview', ({ params }) => ({
      id: pathId(params.id, () => DomainException.notFound('Stream')),
    })),
  },
]) {}
