import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import { register as interceptImports } from 'import-in-the-middle/register-hooks.mjs';
import { markRequestSpan } from './request-spans.js';

/**
 * The maintained OpenTelemetry instrumentations, enabled by register.ts before the app's modules load (only when
 * spans are exported). Their spans go to the provider initTracing sets up later (the API's global proxy).
 * - pg: TypeORM loads it with require(), which require-in-the-middle intercepts; ioredis is imported from ES
 *   modules (ours, BullMQ's), which import-in-the-middle intercepts: in-thread loader hooks (module.registerHooks),
 *   limited to the two packages so no other module is wrapped.
 * - Both only within a trace (requireParentSpan): BullMQ's polling, the outbox relay and the health checks would
 *   otherwise send a one-span trace per command, all day.
 * - Redis spans name the command only: the default puts arguments in `db.statement`, which here are session ids
 *   (keys) and BullMQ job data (customers' addresses, in EVALSHA's arguments).
 * - undici: Node's fetch (payment providers, SMS gateway, the AI and font downloads), through diagnostics channels.
 * - @fastify/otel (Fastify's own; @opentelemetry/instrumentation-fastify is deprecated) joins every Fastify instance
 *   as it is created (diagnostics channel `fastify.initialization`, so also the one NestJS's adapter makes): the
 *   request's server span, which the gateway's request hook names and gives the request id (request-spans.ts), and
 *   a span for the route's handler. No spans per lifecycle hook: the gateway's are anonymous functions, and its own
 *   request hook must run in the request span, not in a hook's span.
 */
interceptImports({ include: ['ioredis', 'pg'] });
registerInstrumentations({
  instrumentations: [
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    new UndiciInstrumentation(),
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      instrumentHooks: false,
      requestHook: (span, request) => {
        markRequestSpan(span);
        // the route pattern, not the path: paths hold capabilities (an order status's hash, a login link's token)
        span.setAttribute(ATTR_URL_PATH, request.routeOptions.url ?? '(no route)');
      },
    }),
  ],
});
