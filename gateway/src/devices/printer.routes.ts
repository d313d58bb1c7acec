import type { DeviceCredentials } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import fastifyBasicAuth from '@fastify/basic-auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DEVICE_CHALLENGE, deviceFailure, deviceUnauthenticated, PRINTER_REALM } from '../common/device-basic-auth.js';
import { answering } from '../common/error-envelope.js';
import { registerRawBodyRoutes } from '../common/raw-body-scope.js';
import { documented, type RouteOperation } from '../openapi/route-docs.js';
import { machineRateLimit } from './machine-rate-limit.js';
import { answer } from '../openapi/returns.js';
import type { ParameterObject } from '@nestjs/swagger';

export const PRINTER_PATHS = {
  cloudprnt: '/api/printers/cloudprnt',
  epson: '/api/printers/epson',
  notifications: '/api/devices/notifications',
};

export { DEVICE_CHALLENGE };

/** The credentials @fastify/basic-auth read from the request (the order service compares them with the device's). */
const credentialsOf = new WeakMap<FastifyRequest, DeviceCredentials>();

function credentials(req: FastifyRequest): DeviceCredentials {
  const found = credentialsOf.get(req);
  if (!found) throw deviceUnauthenticated();
  return found;
}

function parseBody(req: FastifyRequest): Record<string, unknown> {
  const raw = typeof req.body === 'string' ? req.body : '';
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw DomainException.of('BAD_REQUEST', 'validation.malformedJson');
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * The printers' pull protocols as plain Fastify routes in their own scope (raw bodies: CloudPRNT posts JSON,
 * Epson posts a form; not under the per-address write limit: a printer polls every few seconds, and a branch's
 * printers share an address). The order service does the work.
 * Devices authenticate with HTTP Basic (identifier and API key, `x-access: device` in the document):
 * @fastify/basic-auth reads the header after the CSRF check, a missing, malformed or empty one is 401 with
 * `WWW-Authenticate: DEVICE_CHALLENGE`, and so is a key the order service does not accept. Each device then has
 * `perMinute` requests a minute from its address (machineRateLimit), past them the German 429.
 */
export async function registerPrinterRoutes(
  fastify: FastifyInstance,
  bus: ServiceBus,
  logger: Logger,
  perMinute: number,
): Promise<void> {
  const fail = deviceFailure(DEVICE_CHALLENGE, logger);
  await registerRawBodyRoutes(fastify, 256 * 1024, async (scope, raw) => {
    await scope.register(fastifyBasicAuth, {
      authenticate: { realm: PRINTER_REALM }, // with utf8 (the default): DEVICE_CHALLENGE
      validate: async (identifier, apiKey, req) => {
        if (!identifier) throw deviceUnauthenticated();
        credentialsOf.set(req, { identifier, apiKey });
      },
    });
    // the plugin's own 401s (and body errors of this scope) in the envelope, with the challenge
    scope.setErrorHandler((err, _req, reply) => fail(reply, err));
    // after the global hooks (CSRF): a staff session with its token still gets no further than the credentials;
    // then the device's count (under its identifier, read by the basic-auth plugin)
    const limit = machineRateLimit(scope, 'printer', perMinute, (req) => credentials(req).identifier);
    const device = { ...raw, preHandler: [scope.basicAuth, limit] };
    const route: DeviceRoute = (method, path, operation, handle) =>
      scope[method](
        path,
        documented({ 'x-access': { kind: 'device' }, tags: ['printers'], ...operation }, device),
        answering(fail, handle),
      );
    // Star CloudPRNT: poll, job GET (by media type), DELETE (confirmation with the printer's status code)
    cloudPrntPollRoute(route, bus);
    cloudPrntJobRoute(route, bus);
    cloudPrntConfirmRoute(route, bus);
    epsonRoute(route, bus);
    notificationsRoute(route, bus);
  });
}

type DeviceOperation = Omit<RouteOperation, 'x-access'>;
/**
 * A device route: its method, path and operation (credentials, limit and access added), and its handler, whose
 * failures are answered in the envelope with the realm's challenge.
 */
type DeviceRoute = (
  method: 'get' | 'post' | 'delete',
  path: string,
  operation: DeviceOperation,
  handle: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) => unknown;

/** Star CloudPRNT poll: the printer asks whether a job is ready. */
function cloudPrntPollRoute(route: DeviceRoute, bus: ServiceBus): void {
  const operation: DeviceOperation = {
    operationId: 'cloudprntPoll',
    summary: 'Star CloudPRNT poll (JSON status) → {jobReady, mediaTypes, jobToken, clientAction}',
    responses: {
      200: answer({ media: ['application/json'], description: 'poll answer', schema: 'order.printer.cloudprnt-poll' }),
    },
  };
  route('post', PRINTER_PATHS.cloudprnt, operation, async (req, reply) =>
    reply.send(await bus.request('order.printer.cloudprnt-poll', { ...credentials(req), body: parseBody(req) })),
  );
}

/** The job token of the CloudPRNT job URLs (the poll's `jobToken`). */
const JOB_TOKEN: ParameterObject = { name: 'token', in: 'query', required: true, schema: { type: 'string' } };

/** Star CloudPRNT job: the ready job in the media type the printer asks for (repeatable). */
function cloudPrntJobRoute(route: DeviceRoute, bus: ServiceBus): void {
  const operation: DeviceOperation = {
    operationId: 'cloudprntJob',
    summary: 'Star CloudPRNT job by ?token=&type= (media type); repeatable, no side effects',
    parameters: [JOB_TOKEN, { name: 'type', in: 'query', schema: { type: 'string' } }],
    responses: {
      200: answer({ media: ['*/*'], description: 'the job in the requested media type' }),
      404: { description: 'no such job' },
    },
  };
  route('get', PRINTER_PATHS.cloudprnt, operation, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const job = await bus.request('order.printer.cloudprnt-job', {
      ...credentials(req),
      token: q.token ?? '',
      type: q.type ?? null,
    });
    return reply
      .header('content-type', job.mediaType)
      .header('cache-control', 'no-store')
      .send(Buffer.from(job.base64, 'base64'));
  });
}

/** Star CloudPRNT confirmation: the printer's status code for the job it fetched. */
function cloudPrntConfirmRoute(route: DeviceRoute, bus: ServiceBus): void {
  const operation: DeviceOperation = {
    operationId: 'cloudprntConfirm',
    summary: 'Star CloudPRNT confirmation ?token=&code= (2xx printed; otherwise re-queued or failed)',
    parameters: [JOB_TOKEN, { name: 'code', in: 'query', required: true, schema: { type: 'string' } }],
    responses: {
      200: answer({ media: ['application/json'], description: 'recorded', schema: 'order.printer.cloudprnt-confirm' }),
    },
  };
  route('delete', PRINTER_PATHS.cloudprnt, operation, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const confirmation = { ...credentials(req), token: q.token ?? '', code: q.code ?? '' };
    return reply.send(await bus.request('order.printer.cloudprnt-confirm', confirmation));
  });
}

/** Epson Server Direct Print: one URL, ConnectionType GetRequest or SetResponse. */
function epsonRoute(route: DeviceRoute, bus: ServiceBus): void {
  const fields = { ConnectionType: { type: 'string' }, ID: { type: 'string' }, ResponseFile: { type: 'string' } };
  const operation: DeviceOperation = {
    operationId: 'epsonServerDirectPrint',
    summary:
      'Epson Server Direct Print: ConnectionType=GetRequest → PrintRequestInfo (ePOS-Print XML) or empty; SetResponse → recorded',
    requestBody: {
      content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: fields } } },
    },
    responses: { 200: answer({ media: ['text/xml'], description: 'ePOS-Print XML, or an empty body' }) },
  };
  route('post', PRINTER_PATHS.epson, operation, async (req, reply) => {
    const form = parseBody(req) as Record<string, string | undefined>;
    const creds = credentials(req);
    if (form.ConnectionType === 'SetResponse') {
      await bus.request('order.printer.epson-set-response', { ...creds, responseFile: form.ResponseFile ?? '' });
      return reply.status(200).send('');
    }
    if (form.ConnectionType !== 'GetRequest') {
      throw DomainException.of(
        'VALIDATION_FAILED',
        form.ConnectionType ? 'validation.choice' : 'validation.required',
        undefined,
        'ConnectionType',
      );
    }
    const { xml } = await bus.request('order.printer.epson-get-request', { ...creds, printerId: form.ID ?? null });
    return xml ? reply.header('content-type', 'text/xml; charset=utf-8').send(xml) : reply.status(200).send('');
  });
}

/** Notification devices fetch what is new for them. */
function notificationsRoute(route: DeviceRoute, bus: ServiceBus): void {
  const operation: DeviceOperation = {
    operationId: 'deviceNotifications',
    summary: 'A notification device fetches its new notifications',
    responses: { 200: answer({ data: 'order.device.notifications-poll' }) },
  };
  route('get', PRINTER_PATHS.notifications, operation, async (req, reply) =>
    reply.send({ data: await bus.request('order.device.notifications-poll', credentials(req)) }),
  );
}
