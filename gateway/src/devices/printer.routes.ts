import type { DeviceCredentials } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import fastifyBasicAuth from '@fastify/basic-auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Logger } from 'pino';
import { DEVICE_CHALLENGE, deviceFailure, deviceUnauthenticated, PRINTER_REALM } from '../common/device-basic-auth.js';
import { registerRawBodyRoutes } from '../common/raw-body-scope.js';
import { documented, type RouteOperation } from '../openapi/route-docs.js';
import { machineRateLimit } from './machine-rate-limit.js';
import { answer } from '../openapi/returns.js';

export const PRINTER_PATHS = {
  cloudprnt: '/api/printers/cloudprnt',
  epson: '/api/printers/epson',
  notifications: '/api/devices/notifications',
} as const;

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
    const opts = (operation: Omit<RouteOperation, 'x-access'>) =>
      documented({ 'x-access': { kind: 'device' }, tags: ['printers'], ...operation }, device);
    const routes: DeviceScope = { scope, bus, opts, fail };
    // Star CloudPRNT: poll, job GET (by media type), DELETE (confirmation with the printer's status code)
    cloudPrntPollRoute(routes);
    cloudPrntJobRoute(routes);
    cloudPrntConfirmRoute(routes);
    epsonRoute(routes);
    notificationsRoute(routes);
  });
}

/** What the device routes share: their scope, the bus, the route options (credentials, limit, operation) and the error answer. */
interface DeviceScope {
  scope: FastifyInstance;
  bus: ServiceBus;
  opts: (operation: Omit<RouteOperation, 'x-access'>) => RouteShorthandOptions;
  fail: (reply: FastifyReply, err: unknown) => void;
}

/** Star CloudPRNT poll: the printer asks whether a job is ready. */
function cloudPrntPollRoute({ scope, bus, opts, fail }: DeviceScope): void {
  scope.post(
    PRINTER_PATHS.cloudprnt,
    opts({
      operationId: 'cloudprntPoll',
      summary: 'Star CloudPRNT poll (JSON status) → {jobReady, mediaTypes, jobToken, clientAction}',
      responses: {
        200: answer({
          media: ['application/json'],
          description: 'poll answer',
          schema: 'order.printer.cloudprnt-poll',
        }),
      },
    }),
    async (req, reply) => {
      try {
        return reply.send(
          await bus.request('order.printer.cloudprnt-poll', { ...credentials(req), body: parseBody(req) }),
        );
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
}

/** Star CloudPRNT job: the ready job in the media type the printer asks for (repeatable). */
function cloudPrntJobRoute({ scope, bus, opts, fail }: DeviceScope): void {
  scope.get(
    PRINTER_PATHS.cloudprnt,
    opts({
      operationId: 'cloudprntJob',
      summary: 'Star CloudPRNT job by ?token=&type= (media type); repeatable, no side effects',
      parameters: [
        { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'type', in: 'query', schema: { type: 'string' } },
      ],
      responses: {
        200: answer({ media: ['*/*'], description: 'the job in the requested media type' }),
        404: { description: 'no such job' },
      },
    }),
    async (req, reply) => {
      try {
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
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
}

/** Star CloudPRNT confirmation: the printer's status code for the job it fetched. */
function cloudPrntConfirmRoute({ scope, bus, opts, fail }: DeviceScope): void {
  scope.delete(
    PRINTER_PATHS.cloudprnt,
    opts({
      operationId: 'cloudprntConfirm',
      summary: 'Star CloudPRNT confirmation ?token=&code= (2xx printed; otherwise re-queued or failed)',
      parameters: [
        { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'code', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        200: answer({
          media: ['application/json'],
          description: 'recorded',
          schema: 'order.printer.cloudprnt-confirm',
        }),
      },
    }),
    async (req, reply) => {
      try {
        const q = req.query as Record<string, string | undefined>;
        return reply.send(
          await bus.request('order.printer.cloudprnt-confirm', {
            ...credentials(req),
            token: q.token ?? '',
            code: q.code ?? '',
          }),
        );
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
}

/** Epson Server Direct Print: one URL, ConnectionType GetRequest or SetResponse. */
function epsonRoute({ scope, bus, opts, fail }: DeviceScope): void {
  scope.post(
    PRINTER_PATHS.epson,
    opts({
      operationId: 'epsonServerDirectPrint',
      summary:
        'Epson Server Direct Print: ConnectionType=GetRequest → PrintRequestInfo (ePOS-Print XML) or empty; SetResponse → recorded',
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                ConnectionType: { type: 'string' },
                ID: { type: 'string' },
                ResponseFile: { type: 'string' },
              },
            },
          },
        },
      },
      responses: { 200: answer({ media: ['text/xml'], description: 'ePOS-Print XML, or an empty body' }) },
    }),
    async (req, reply) => {
      try {
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
        const { xml } = await bus.request('order.printer.epson-get-request', {
          ...creds,
          printerId: form.ID ?? null,
        });
        return xml ? reply.header('content-type', 'text/xml; charset=utf-8').send(xml) : reply.status(200).send('');
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
}

/** Notification devices fetch what is new for them. */
function notificationsRoute({ scope, bus, opts, fail }: DeviceScope): void {
  scope.get(
    PRINTER_PATHS.notifications,
    opts({
      operationId: 'deviceNotifications',
      summary: 'A notification device fetches its new notifications',
      responses: { 200: answer({ data: 'order.device.notifications-poll' }) },
    }),
    async (req, reply) => {
      try {
        return reply.send({ data: await bus.request('order.device.notifications-poll', credentials(req)) });
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
}
