import type { DeviceCredentials } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { sendError } from '../http/error-envelope.js';
import { registerRawBodyRoutes } from '../http/raw-body-scope.js';

export const PRINTER_PATHS = {
  cloudprnt: '/api/printers/cloudprnt',
  epson: '/api/printers/epson',
  notifications: '/api/devices/notifications',
} as const;

/** HTTP Basic with the device's identifier and its own API key (configured in the printer's web interface). */
function credentials(req: FastifyRequest): DeviceCredentials {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) throw DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
  return { identifier: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
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
 * Epson posts a form; no rate limit: a printer polls every few seconds). The order service does the work.
 */
export async function registerPrinterRoutes(fastify: FastifyInstance, bus: ServiceBus, logger: Logger): Promise<void> {
  const fail = (reply: FastifyReply, err: unknown) => {
    if (err instanceof DomainException && err.code === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Basic realm="Geraete", charset="UTF-8"');
    return sendError(reply, err, logger);
  };
  await registerRawBodyRoutes(fastify, 256 * 1024, (scope, opts) => {
    // Star CloudPRNT: poll, job GET (by media type), DELETE (confirmation with the printer's status code)
    scope.post(PRINTER_PATHS.cloudprnt, opts, async (req, reply) => {
      try {
        return reply.send(await bus.request('order.printer.cloudprnt-poll', { ...credentials(req), body: parseBody(req) }));
      } catch (err) {
        return fail(reply, err);
      }
    });
    scope.get(PRINTER_PATHS.cloudprnt, opts, async (req, reply) => {
      try {
        const q = req.query as Record<string, string | undefined>;
        const job = await bus.request('order.printer.cloudprnt-job', { ...credentials(req), token: q.token ?? '', type: q.type ?? null });
        return reply.header('content-type', job.mediaType).header('cache-control', 'no-store').send(Buffer.from(job.base64, 'base64'));
      } catch (err) {
        return fail(reply, err);
      }
    });
    scope.delete(PRINTER_PATHS.cloudprnt, opts, async (req, reply) => {
      try {
        const q = req.query as Record<string, string | undefined>;
        return reply.send(await bus.request('order.printer.cloudprnt-confirm', { ...credentials(req), token: q.token ?? '', code: q.code ?? '' }));
      } catch (err) {
        return fail(reply, err);
      }
    });

    // Epson Server Direct Print: one URL, ConnectionType GetRequest or SetResponse
    scope.post(PRINTER_PATHS.epson, opts, async (req, reply) => {
      try {
        const form = parseBody(req) as Record<string, string | undefined>;
        const creds = credentials(req);
        if (form.ConnectionType === 'SetResponse') {
          await bus.request('order.printer.epson-set-response', { ...creds, responseFile: form.ResponseFile ?? '' });
          return reply.status(200).send('');
        }
        if (form.ConnectionType !== 'GetRequest') {
          throw DomainException.of('VALIDATION_FAILED', form.ConnectionType ? 'validation.choice' : 'validation.required', undefined, 'ConnectionType');
        }
        const { xml } = await bus.request('order.printer.epson-get-request', { ...creds, printerId: form.ID ?? null });
        return xml ? reply.header('content-type', 'text/xml; charset=utf-8').send(xml) : reply.status(200).send('');
      } catch (err) {
        return fail(reply, err);
      }
    });

    // notification devices fetch what is new for them
    scope.get(PRINTER_PATHS.notifications, opts, async (req, reply) => {
      try {
        return reply.send({ data: await bus.request('order.device.notifications-poll', credentials(req)) });
      } catch (err) {
        return fail(reply, err);
      }
    });
  });
}

const basic = [{ deviceBasic: [] }];
export const PRINTER_OPENAPI = {
  [PRINTER_PATHS.cloudprnt]: {
    post: { tags: ['printers'], security: basic, summary: 'Star CloudPRNT poll (JSON status) → {jobReady, mediaTypes, jobToken, clientAction}', responses: { 200: { description: 'poll answer' } } },
    get: {
      tags: ['printers'], security: basic, summary: 'Star CloudPRNT job by ?token=&type= (media type); repeatable, no side effects',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }, { name: 'type', in: 'query', schema: { type: 'string' } }],
      responses: { 200: { description: 'the job in the requested media type' }, 404: { description: 'no such job' } },
    },
    delete: {
      tags: ['printers'], security: basic, summary: 'Star CloudPRNT confirmation ?token=&code= (2xx printed; otherwise re-queued or failed)',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }, { name: 'code', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'recorded' } },
    },
  },
  [PRINTER_PATHS.epson]: {
    post: {
      tags: ['printers'], security: basic, summary: 'Epson Server Direct Print: ConnectionType=GetRequest → PrintRequestInfo (ePOS-Print XML) or empty; SetResponse → recorded',
      requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { ConnectionType: { type: 'string' }, ID: { type: 'string' }, ResponseFile: { type: 'string' } } } } } },
      responses: { 200: { description: 'XML or empty body' } },
    },
  },
  [PRINTER_PATHS.notifications]: {
    get: { tags: ['printers'], security: basic, summary: 'A notification device fetches its new notifications', responses: { 200: { description: '{data: [{id, text, createdAt}]}' } } },
  },
};
