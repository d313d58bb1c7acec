import { Controller } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignageBulkCommandInput, SignageCommandInput } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward } from '../bus/http-routes.js';
import { openEventStream } from '../common/event-stream.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ID_PARAM_SCHEMA } from '../openapi/json-schema.js';
import { ReturnsMedia } from '../openapi/returns.js';
import { SignagePushHub } from './signage-push.hub.js';

const deviceId = (raw: string) => pathId(raw, () => DomainException.notFound('TV'));
const ID_PARAM = ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA });
/** The TV list's stream ends after this long; EventSource reconnects, and the new request re-checks the session. */
const WATCH_MAX_MS = 5 * 60_000;

/**
 * Commands to a signage device (backoffice-platform.md §4 "A digital signage device accepts a command, which can be
 * aborted; both return the updated device"): staff of the device's branch (the signage service checks the branch).
 */
@ApiTags('digital-signage-devices')
@Controller('api/digital-signage-devices')
export class SignageCommandsController extends createHttpController(
  [
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
    {
      name: 'rotateKey',
      method: 'post',
      path: ':id/rotate-key',
      status: 200,
      access: ['ROLE_ADMIN'],
      decorators: [ID_PARAM],
      summary: 'A new key for the TV, answered once with the TV; players signed in with the old key are signed out',
      ...forward('signage.device.rotate-key', ({ params }) => ({ id: deviceId(params.id) })),
    },
    {
      name: 'events',
      method: 'get',
      path: 'events',
      access: STAFF_ROLES,
      decorators: [ApiProduces('text/event-stream')],
      summary:
        'Server-sent events for the TV list: "device" (a TV\'s command, record or idle reason changed: {device}) and "reset" (reload all)',
      answer: ReturnsMedia(['text/event-stream'], 'the event stream'),
      sends: true,
      // the event names only the TV's id: the list reads it again through the access-checked API
      handle: async ({ req, reply }, { hub }) => {
        let unwatch = () => {};
        const res = openEventStream(req, reply, { maxMs: WATCH_MAX_MS, onClose: () => unwatch() });
        res.write('retry: 2000\n\n');
        unwatch = hub.watch((m) => {
          if (res.writableEnded) return;
          if (m.type === 'shutdown') res.end();
          else if (m.type === 'reset') res.write('event: reset\ndata: {}\n\n');
          else res.write(`event: device\ndata: ${JSON.stringify({ device: m.device })}\n\n`);
        });
      },
    },
  ],
  { hub: SignagePushHub },
) {}

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
