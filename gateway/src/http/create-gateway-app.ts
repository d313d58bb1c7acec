import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyStatic from '@fastify/static';
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
  NATS_CONNECTION,
  PinoNestLogger,
  runWithRequestId,
  ServiceBus,
} from '@shop/server';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { GatewayModule } from '../app.module.js';
import { RedirectCache } from '../web/redirect-cache.js';
import { InitCache } from '../init/init-cache.js';
import { hasLostSession, StaffSessions } from '../auth/staff-session.js';
import { PUBLIC_ORDER_OPENAPI, publicOrderFastPath, registerPublicOrderRoute } from '../orders/public-order.route.js';
import { PublicOrderCache } from '../orders/public-order.cache.js';
import { registerUploadRoute, UPLOAD_OPENAPI } from '../uploads/upload.route.js';
import { registerWebApps } from '../web/web-apps.js';
import { SitePreviews } from '../site-preview/site-preview.js';
import { websiteOf } from './website.js';
import { PAYMENT_OPENAPI, registerPaymentRoutes } from '../payments/payment.routes.js';
import { PRINTER_OPENAPI, registerPrinterRoutes } from '../devices/printer.routes.js';
import { PLAYER_OPENAPI, registerPlayerRoutes } from '../signage/player.routes.js';
import { SignagePushHub } from '../signage/signage-push.hub.js';
import { isFrameOrigin, isMediaOrigin } from '@shop/contracts';
import type { GatewayConfig } from '../config/gateway-config.js';
import { buildOpenApiDocument } from '../openapi/openapi-document.js';
import { needsCsrf, SAFE_METHODS } from './csrf.js';
import { ErrorEnvelopeFilter } from './error-envelope.filter.js';
import { routePattern, sendClientError, sendError } from './error-envelope.js';
import { registerInputGuard } from './input-guard.js';
import { registerRateLimits, trustedProxies } from './rate-limits.js';
import { requestIds } from './request-id.js';
import { registerSecurityHeaders } from './security-headers.js';
import { createFastPaths, observeRequest } from './fast-path.js';
import { initFastPath } from '../init/init-fast-path.js';

/**
 * Builds the gateway: Fastify with request ids in every log line, JSON request logs, sessions in Redis,
 * CSRF for cookie-authenticated writes, rate limits on writes and login (see rate-limits.ts), the error envelope on
 * every route, and the OpenAPI 3.1 document at /api/docs (JSON at /api/docs-json).
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  // Fastify's request handler, and the one in front of it that tries the hot reads first (see fast-path.ts; made
  // once the app exists, until then every request goes to Fastify)
  let fastifyHandler!: (req: IncomingMessage, res: ServerResponse) => void;
  let front: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  // the app's logger, once the app exists (the errors below only happen to requests, so after that)
  // eslint-disable-next-line prefer-const -- the error handlers below capture it before the app that makes it exists
  let logger!: Logger;
  const requestIdOf = requestIds(config.TRUSTED_PROXIES);
  const adapter = new FastifyAdapter({
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
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
  fastify.setErrorHandler((err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, err, logger),
  );
  registerInputGuard(fastify);
  registerSecurityHeaders(app, config);

  // every log line of this request, here and in the services it calls, carries its id; the request is the root
  // span of its trace (or joins the caller's, from its traceparent header)
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

  const redis = app.get(Redis);
  // signs the session cookie and the CSRF secret cookie
  await app.register(fastifyCookie, { secret: config.SESSION_SECRET });
  app.get(StaffSessions).register(fastify);
  // CSRF tokens checked against a secret in a signed HttpOnly cookie (double submit), for cookie-authenticated writes
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
  await registerRateLimits(fastify, redis, config, logger);
  registerPublicOrderRoute(fastify, app.get(PublicOrderCache), logger);
  front = createFastPaths(
    [initFastPath(app.get(InitCache), config), publicOrderFastPath(app.get(PublicOrderCache), config)],
    fastifyHandler,
    () => logger,
    requestIdOf,
  );
  registerUploadRoute(
    fastify,
    app.get(ServiceBus),
    app.get(NATS_CONNECTION),
    config.NATS_SUBJECT_PREFIX,
    logger,
    config.UPLOAD_BODY_LIMIT_BYTES,
  );
  await registerPaymentRoutes(fastify, app.get(ServiceBus), logger, config.RATE_LIMIT_WEBHOOK_PER_MINUTE);
  await registerPrinterRoutes(fastify, app.get(ServiceBus), logger, config.RATE_LIMIT_PRINTER_PER_MINUTE);
  await registerPlayerRoutes(
    fastify,
    app.get(ServiceBus),
    app.get(SignagePushHub),
    logger,
    config.RATE_LIMIT_PLAYER_PER_MINUTE,
  );
  const filesRoot = resolve(config.FILES_DIR);
  mkdirSync(filesRoot, { recursive: true });
  await app.register(fastifyStatic, { root: filesRoot, serve: false });
  registerWebApps(
    fastify,
    {
      storefrontDir: config.WEB_STOREFRONT_DIR,
      backofficeDir: config.WEB_BACKOFFICE_DIR,
      playerDir: config.WEB_PLAYER_DIR,
      presenterDir: config.WEB_PRESENTER_DIR,
      isPresenterHost: (host) => websiteOf(host, config.PRESENTER_HOSTS) === 'presenter',
      presenterView: () => app.get(InitCache).anonymousContent('presenter'),
      cacheIndex: config.NODE_ENV === 'production',
      visitorView: async () => ({
        ...(await app.get(InitCache).anonymousSnapshot()),
        sites: (await app.get(InitCache).anonymousContent('storefront')).sites,
      }),
      visitorInit: (website) => app.get(InitCache).forAnonymous(website),
      redirectFor: (host, path) => app.get(RedirectCache).find(host, path),
      previewSite: (host, token) => app.get(SitePreviews).site(websiteOf(host, config.PRESENTER_HOSTS), token),
      playerOrigins: async (of) => {
        const found = await app.get(ServiceBus).request('signage.player.frame-origins', of);
        return { frame: found.origins.filter(isFrameOrigin), media: (found.mediaOrigins ?? []).filter(isMediaOrigin) };
      },
    },
    logger,
  );

  const document = buildOpenApiDocument(
    app,
    [PUBLIC_ORDER_OPENAPI, UPLOAD_OPENAPI, PAYMENT_OPENAPI, PRINTER_OPENAPI, PLAYER_OPENAPI],
    '1.7.2-dev',
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}
