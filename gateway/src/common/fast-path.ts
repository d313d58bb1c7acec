import {
  extractContext,
  httpRequestDuration,
  runWithRequestId,
  SpanKind,
  SpanStatusCode,
  startSpan,
  tracingRecords,
} from '@shop/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * A hot read answered before Fastify routes the request (see createFastPaths): answers from memory and returns its
 * route pattern (for the metrics, the span and the log line), or returns null without touching the response, and
 * the request goes through Fastify and Nest as usual.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse, requestId: string) => string | null;

/** the histogram's series by method, route pattern and status, looked up once (prom-client hashes labels per lookup) */
const series = new Map<string, Map<string, Map<number, ReturnType<typeof httpRequestDuration.labels>>>>();

/** One HTTP request in the metrics, by route pattern (never the raw URL: ids would make endless series). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  let byRoute = series.get(method);
  if (!byRoute) series.set(method, (byRoute = new Map()));
  let byStatus = byRoute.get(route);
  if (!byStatus) byRoute.set(route, (byStatus = new Map()));
  let child = byStatus.get(status);
  if (!child) byStatus.set(status, (child = httpRequestDuration.labels(method, route, String(status))));
  child.observe(seconds);
}

/**
 * A fast path's prepared header list with the request id's slot first: written by writePrepared without copying
 * the list per request (the id is set in place; writeHead reads the list synchronously and keeps no reference).
 */
export type PreparedHeaders = string[] & { readonly prepared: true };
export const prepareHeaders = (headers: readonly string[]): PreparedHeaders =>
  ['x-request-id', '', ...headers] as PreparedHeaders;

/** Answers with a prepared header list and this request's id (the whole answer, 200 with a body or 304 without). */
export function writePrepared(
  res: ServerResponse,
  status: number,
  headers: PreparedHeaders,
  requestId: string,
  body?: Buffer,
): void {
  headers[1] = requestId;
  res.writeHead(status, headers).end(body);
}

/**
 * The node:http request handler in front of Fastify's: tries each fast path (only GETs; each checks its URL first,
 * so any other request costs a comparison), and gives everything they decline to `fallback` (Fastify). An answer of
 * a fast path is treated like one through Fastify: it carries a request id (a trusted proxy's or a new one), is the
 * root span of its trace (or joins the caller's traceparent) when spans are exported, is counted in the request
 * metrics by route pattern, and logged at debug like every successful read. A fast path answers synchronously from
 * memory and logs nothing, so it runs without a request context; a span is made only when it goes somewhere
 * (tracingRecords: 5–11 µs per request otherwise spent on a span nobody receives).
 */
export function createFastPaths(
  paths: readonly FastPath[],
  fallback: (req: IncomingMessage, res: ServerResponse) => void,
  logger: () => Logger,
  requestIdOf: (req: IncomingMessage) => string,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' || paths.length === 0) return fallback(req, res);
    const started = performance.now();
    const requestId = requestIdOf(req);
    let route: string | null = null;
    for (const path of paths) if ((route = path(req, res, requestId)) !== null) break;
    if (route === null) return fallback(req, res);
    const seconds = (performance.now() - started) / 1000;
    const status = res.statusCode;
    observeRequest('GET', route, status, seconds);
    if (tracingRecords()) {
      // a span of its own for the answer (started after it: the few microseconds it took are in the metric)
      const span = startSpan(`GET ${route}`, SpanKind.SERVER, extractContext(req.headers).ctx, requestId);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    const log = logger();
    if (log.isLevelEnabled('debug'))
      runWithRequestId(requestId, () =>
        log.debug({ method: 'GET', route, status, ms: Math.round(seconds * 10000) / 10 }, 'request'),
      );
  };
}
