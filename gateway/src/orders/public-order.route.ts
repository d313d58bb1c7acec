import type { FastifyInstance, FastifyReply } from 'fastify';
import { securityHeaders } from '../common/security-headers.js';
import { type FastPath, type PreparedHeaders, prepareHeaders, writePrepared } from '../common/fast-path.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { Logger } from 'pino';
import { documented } from '../openapi/route-docs.js';
import { answering, sendError } from '../common/error-envelope.js';
import { etagMatches } from '../common/conditional.js';
import { PublicOrderCache, type PublicOrderEntry } from './public-order.cache.js';
import { answer } from '../openapi/returns.js';

export const PUBLIC_ORDER_PATH = '/api/orders/public/:uid/:hash';

/**
 * GET /api/orders/public/{uid}/{hash}, polled every 10 s by every waiting customer: a plain Fastify route
 * (no Nest pipeline) answered from the gateway's memory, with ETag and 304; a cached order's poll rarely gets here
 * (publicOrderFastPath answers it first).
 */
export function registerPublicOrderRoute(fastify: FastifyInstance, cache: PublicOrderCache, logger: Logger): void {
  const operation = documented({
    'x-access': { kind: 'public' },
    operationId: 'publicOrderView',
    tags: ['orders'],
    summary: 'The public order view (polled every 10 s); ETag and 304; a wrong hash is 404 like an unknown uid',
    parameters: [
      { name: 'uid', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'hash', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: {
      '200': answer({ data: 'order.order.public', description: '{ data: public order }' }),
      '304': { description: 'not modified' },
      '404': { description: 'unknown order' },
    },
  });
  const fail = (reply: FastifyReply, err: unknown) => sendError(reply, err, logger);
  fastify.get<{ Params: { uid: string; hash: string } }>(
    PUBLIC_ORDER_PATH,
    operation,
    answering(fail, async (req, reply) => {
      const entry = await cache.get(req.params.uid, req.params.hash);
      reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
      if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.status(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(entry.body);
    }),
  );
}

const FAST_PATH = /^\/api\/orders\/public\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})$/;

/**
 * In front of Fastify (see common/fast-path.ts): answers a poll whose order is cached and whose hash matches
 * straight from memory, with the same headers (helmet's security headers from the same options), ETag and 304 as
 * the route; the header lists are prepared once per cached version. Everything else (a cache miss, a wrong hash, a
 * query string, any other URL) returns null and goes through Fastify and Nest, which fetch, log and answer errors.
 * Polls are the bulk of the traffic, so they skip the framework's hooks.
 */
export function publicOrderFastPath(cache: PublicOrderCache, config: GatewayConfig): FastPath {
  const security = Object.entries(securityHeaders(config)).flat();
  const prepared = new WeakMap<PublicOrderEntry, { ok: PreparedHeaders; notModified: PreparedHeaders }>();
  const headersOf = (entry: PublicOrderEntry) => {
    let headers = prepared.get(entry);
    if (!headers) {
      const notModified = [...security, 'etag', entry.etag, 'cache-control', 'private, no-cache'];
      const ok = [
        ...notModified,
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(entry.body.length),
      ];
      prepared.set(entry, (headers = { ok: prepareHeaders(ok), notModified: prepareHeaders(notModified) }));
    }
    return headers;
  };
  return (req, res, requestId) => {
    if (!req.url?.startsWith('/api/orders/public/')) return null;
    const match = FAST_PATH.exec(req.url);
    const entry = match ? cache.peek(match[1], match[2]) : null;
    if (!entry) return null;
    const headers = headersOf(entry);
    if (etagMatches(req.headers['if-none-match'], entry.etag)) writePrepared(res, 304, headers.notModified, requestId);
    else writePrepared(res, 200, headers.ok, requestId, entry.body);
    return PUBLIC_ORDER_PATH;
  };
}
