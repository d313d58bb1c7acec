import type { FastifyInstance } from 'fastify';
import { FAST_PATH_SECURITY_HEADERS } from '../http/security-headers.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RouteDocs } from '../openapi/openapi-document.js';
import { sendError } from '../http/error-envelope.js';
import { etagMatches } from '../http/conditional.js';
import { PublicOrderCache } from './public-order.cache.js';

export const PUBLIC_ORDER_PATH = '/api/orders/public/:uid/:hash';

/**
 * GET /api/orders/public/{uid}/{hash}, polled every 10 s by every waiting customer: a plain Fastify route
 * (no Nest pipeline) answered from the gateway's memory, with ETag and 304. Its OpenAPI entry is added by
 * create-gateway-app.ts.
 */
export function registerPublicOrderRoute(fastify: FastifyInstance, cache: PublicOrderCache, logger: Logger): void {
  fastify.get<{ Params: { uid: string; hash: string } }>(PUBLIC_ORDER_PATH, async (req, reply) => {
    try {
      const entry = await cache.get(req.params.uid, req.params.hash);
      reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
      if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.status(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(entry.body);
    } catch (err) {
      return sendError(reply, err, logger);
    }
  });
}

/** The route's OpenAPI description (the document is generated from Nest controllers, which it is not). */
export const PUBLIC_ORDER_OPENAPI: RouteDocs = {
  [PUBLIC_ORDER_PATH.replace(/:(\w+)/g, '{$1}')]: {
    get: {
      'x-access': { kind: 'public' },
      operationId: 'publicOrderView',
      tags: ['orders'],
      summary: 'The public order view (polled every 10 s); ETag and 304; a wrong hash is 404 like an unknown uid',
      parameters: [
        { name: 'uid', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'hash', in: 'path', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: '{ data: public order }' },
        '304': { description: 'not modified' },
        '404': { description: 'unknown order' },
      },
    },
  },
};

const FAST_PATH = /^\/api\/orders\/public\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})$/;

/**
 * In front of Fastify (see create-gateway-app.ts): answers a poll whose order is cached and whose hash
 * matches straight from memory, with the same headers, ETag and 304 as the route. Everything else (a
 * cache miss, a wrong hash, a query string, any other URL) returns false and goes through Fastify and Nest,
 * which fetch, log and answer errors. Polls are the bulk of the traffic, so they skip the framework's hooks.
 */
export function publicOrderFastPath(
  cache: PublicOrderCache,
): (req: IncomingMessage, res: ServerResponse, requestId: string) => boolean {
  return (req, res, requestId) => {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/orders/public/')) return false;
    const match = FAST_PATH.exec(req.url);
    const entry = match ? cache.peek(match[1], match[2]) : null;
    if (!entry) return false;
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      res
        .writeHead(304, {
          ...FAST_PATH_SECURITY_HEADERS,
          'x-request-id': requestId,
          etag: entry.etag,
          'cache-control': 'private, no-cache',
        })
        .end();
    } else {
      res
        .writeHead(200, {
          ...FAST_PATH_SECURITY_HEADERS,
          'x-request-id': requestId,
          'content-type': 'application/json; charset=utf-8',
          'content-length': entry.body.length,
          etag: entry.etag,
          'cache-control': 'private, no-cache',
        })
        .end(entry.body);
    }
    return true;
  };
}
