import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import {
  DomainException,
  extractContext,
  otelContext,
  otelTrace,
  SpanKind,
  SpanStatusCode,
  startSpan,
  LOGGER,
  PinoNestLogger,
  runWithRequestId,
} from '@shop/server';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { GatewayModule } from '../app.module.js';
import { hasLostSession, StaffSessions } from '../auth/staff-session.js';
import { needsCsrf, SAFE_METHODS } from '../common/csrf.js';
import { routePattern, sendClientError, sendError } from '../common/error-envelope.js';
import { observeRequest } from '../common/fast-path.js';
import { registerSecurityHeaders } from '../common/security-headers.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { buildOpenApiDocument } from '../openapi/openapi-document.js';
import { followRoutes } from '../openapi/route-docs.js';
import { ErrorEnvelopeFilter } from './error-envelope.filter.js';
import { registerInputGuard } from './input-guard.js';
import { registerFastPaths, registerPlainRoutes, registerWebPages } from './plain-routes.js';
import { registerRateLimits, trustedProxies } from './rate-limits.js';
import { requestIds } from './request-id.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The gateway's composition root: Fastify with request ids in every log line, JSON request logs, sessions in Redis,
 * CSRF for cookie-authenticated writes, rate limits on writes and login (see rate-limits.ts), the error envelope on
 * every route, the Nest controllers (app.module.ts), the plain Fastify routes and web pages (plain-routes.ts), and
 * the OpenAPI 3.1 document at /api/docs (JSON at /api/docs-json).
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  // Fastify's request handler, and the one in front of it that tries the hot reads first (see fast-path.ts; made
  // once the routes exist, until then every request goes to Fastify)
  let fastifyHandler!: Handler;
  let front: Handler | null = null;
  // the app's logger, once the app exists (the errors below only happen to requests, so after that)
  // eslint-disable-next-line prefer-const -- the error handlers below capture it before the app that makes it exists
  let logger!: Logger;
  const requestIdOf = requestIds(config.TRUSTED_PROXIES);
  const adapter = new FastifyAdapter({
    serverFactory: (handler: Handler) => {
      fastifyHandler = handler;
      return createServer((req, res) => (front ?? handler)(req, res));
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config),
    logger: false,
    // a trusted proxy's X-Request-Id, or a new one (request-id.ts)
    requestIdHeader: false,
    genReqId: requestIdOf,
    // the router's own rejections (broken percent-encoding, an over-long path segment) in the envelope too
    frameworkErrors: (err: Error, _req: FastifyRequest, reply: FastifyReply) => sendError(reply, err, logger),
    clientErrorHandler: (err, socket) => sendClientError(err, socket, logger),
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    bufferLogs: true,
  });
  logger = app.get<Logger>(LOGGER);
  app.useLogger(new PinoNestLogger(logger));
  app.useGlobalFilters(new ErrorEnvelopeFilter(logger));
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // before any route: the plain routes' OpenAPI operations are read off the router
  const routes = followRoutes(fastify);
  fastify.setErrorHandler((err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, err, logger),
  );
  registerInputGuard(fastify);
  registerSecurityHeaders(app, config);
  observeRequests(fastify, logger);
  await registerSessions(app, fastify, config);
  await registerRateLimits(fastify, app.get(Redis), config, logger);
  await registerPlainRoutes(app, fastify, config, logger);
  front = registerFastPaths(app, config, fastifyHandler, logger, requestIdOf);
  await registerWebPages(app, fastify, config, logger);

  const document = buildOpenApiDocument(app, routes.docs, '1.7.2-dev');
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}

/**
 * Every log line of a request, here and in the services it calls, carries its id; the request is the root span of
 * its trace (or joins the caller's, from its traceparent header), and its answer is counted and logged.
 */
function observeRequests(fastify: FastifyInstance, logger: Logger): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    const { ctx } = extractContext(req.headers);
    const span = startSpan(`${req.method} ${routePattern(req)}`, SpanKind.SERVER, ctx, String(req.id));
    spans.set(req, span);
    runWithRequestId(String(req.id), () => otelContext.with(otelTrace.setSpan(ctx, span), done));
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    observeRequest(req.method, routePattern(req), reply.statusCode, reply.elapsedTime / 1000);
    const span = spans.get(req);
    span?.setAttributes({ 'http.route': routePattern(req), 'http.response.status_code': reply.statusCode });
    if (reply.statusCode >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
    span?.end();
    const line = {
      method: req.method,
      route: routePattern(req),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (reply.statusCode >= 500) logger.error(line, 'request failed');
    // successful reads are the hot path (init, order status polls): logged at debug to keep them cheap
    else if (reply.statusCode >= 400 || !SAFE_METHODS.has(req.method)) logger.info(line, 'request');
    else logger.debug(line, 'request');
    done();
  });
}

/** Staff sessions from their signed cookie, and the CSRF check of their writes (double submit). */
async function registerSessions(
  app: NestFastifyApplication,
  fastify: FastifyInstance,
  config: GatewayConfig,
): Promise<void> {
  // signs the session cookie and the CSRF secret cookie
  await app.register(fastifyCookie, { secret: config.SESSION_SECRET });
  app.get(StaffSessions).register(fastify);
  // CSRF tokens checked against a secret in a signed HttpOnly cookie, for cookie-authenticated writes
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieOpts: {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.COOKIE_SECURE === 'auto' ? 'auto' : config.COOKIE_SECURE === 'true',
    },
  });
  fastify.addHook('preHandler', (req, reply, done) => {
    if (!needsCsrf(req.method, req.routeOptions.url ?? '')) return done();
    // a write of a session that is gone cannot succeed: say so (401) rather than blame its CSRF token
    if (hasLostSession(req)) return done(DomainException.of('UNAUTHENTICATED', 'auth.noSession'));
    if (!req.staffSession) return done();
    fastify.csrfProtection(req, reply, done);
  });
}
