import { trace, type Context, type Span } from '@opentelemetry/api';

/**
 * The request spans @fastify/otel opened (instrumentations.ts). Its span is the first of a request (its onRequest
 * hook runs before the gateway's), and the route's handler runs in it: the gateway's own request hook names that
 * span and adds the request id rather than opening a second server span beside it (startSpan in tracing.ts).
 * A module of its own: the preload and the app share it without the preload loading tracing.ts.
 */
const requestSpans = new WeakSet<Span>();

export function markRequestSpan(span: Span): void {
  requestSpans.add(span);
}

/** The instrumented request span `ctx` holds, if any. */
export function requestSpanOf(ctx: Context): Span | undefined {
  const span = trace.getSpan(ctx);
  return span && requestSpans.has(span) ? span : undefined;
}
