import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { REQUEST_ID_HEADER } from '@shop/contracts';
import { currentRequestId, runWithRequestId } from '../logging/request-context.js';
import { requestSpanOf } from './request-spans.js';
import { processResource } from './resource.js';

/**
 * OpenTelemetry for one order's path as one trace: the gateway's HTTP request, the NATS requests (W3C
 * `traceparent` and `baggage` in the message headers), the outbox rows (their headers, published with the event or
 * handed to BullMQ), the BullMQ job (bullmq-otel keeps the context with the job) and the worker. The request id
 * travels as baggage too, so the log lines of a consumer or a worker carry the id of the request that caused them.
 * Spans are exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it the context still
 * travels (trace ids in the logs) and nothing is sent anywhere. Each process's spans carry its name and the platform's
 * version (resource.ts); with an endpoint, the preload (register.ts) adds the spans of pg, ioredis, fetch and Fastify.
 */
const TRACER = 'shop';
const REQUEST_ID_BAGGAGE = 'shop.request_id';
let provider: BasicTracerProvider | undefined;
/** whether a span goes anywhere (an exporter or a test's processor): without one, creating it is wasted work */
let recording = false;

export interface TracingOptions {
  /** OTLP/HTTP endpoint (e.g. http://otel-collector:4318); unset: no exporter */
  otlpEndpoint?: string;
  /** the process (gateway, order, workers, …): its spans' `service.name` unless OTEL_SERVICE_NAME says otherwise */
  serviceName?: string;
  /** extra processors (tests: an in-memory exporter) */
  spanProcessors?: SpanProcessor[];
}

/**
 * Sets up tracing for this process once (the first call wins: the in-process test stack starts many services).
 * Returns false when it had been set up already.
 */
export function initTracing(options: TracingOptions = {}): boolean {
  if (provider) return false;
  const spanProcessors = [...(options.spanProcessors ?? [])];
  if (options.otlpEndpoint)
    spanProcessors.push(
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` })),
    );
  recording = spanProcessors.length > 0;
  // with nowhere to send spans, they are not recorded (issue 45: ~9 % of the order service's profile samples went
  // into spans nobody saw); they still get their ids, so the trace context travels into logs and headers as before
  const tracerProvider = new BasicTracerProvider({
    resource: processResource(options.serviceName),
    spanProcessors,
    ...(!recording && { sampler: new AlwaysOffSampler() }),
  });
  provider = tracerProvider;
  // a process asked to stop (a rollout) sends what it holds now, not at the next batch it would not live to see
  if (options.otlpEndpoint)
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      process.once(signal, () => void tracerProvider.forceFlush().catch(() => undefined));
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  return true;
}

/**
 * True when this process's spans go somewhere (OTLP exporter or a processor a test passed). The hottest reads
 * (the gateway's fast paths) start no span without one; every other span is made as before, since the trace
 * context it carries still travels into logs and NATS headers.
 */
export function tracingRecords(): boolean {
  return recording;
}

/** Flushes and stops the exporter (graceful shutdown). */
export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown();
}

const tracer = () => trace.getTracer(TRACER);

/** The active trace context and request id as headers: for NATS messages and outbox rows. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  const requestId = currentRequestId();
  let withId = ctx;
  if (requestId) {
    const baggage = propagation.getBaggage(ctx) ?? propagation.createBaggage();
    withId = propagation.setBaggage(ctx, baggage.setEntry(REQUEST_ID_BAGGAGE, { value: requestId }));
    carrier[REQUEST_ID_HEADER] = requestId;
  }
  propagation.inject(withId, carrier);
  return carrier;
}

interface HeaderGetter {
  get(name: string): string | undefined | null;
}
const fromHeaders = (headers: HeaderGetter | Record<string, string | string[] | undefined> | null | undefined) => ({
  get(name: string): string | undefined {
    if (!headers) return undefined;
    const value =
      typeof (headers as HeaderGetter).get === 'function'
        ? (headers as HeaderGetter).get(name)
        : (headers as Record<string, string | string[] | undefined>)[name];
    return (Array.isArray(value) ? value[0] : value) || undefined;
  },
});

/** The context named by incoming headers (HTTP, NATS, an outbox row's); the request id from its header or baggage. */
export function extractContext(headers: Parameters<typeof fromHeaders>[0]): { ctx: Context; requestId?: string } {
  const h = fromHeaders(headers);
  const ctx = propagation.extract(ROOT_CONTEXT, h, {
    get: (carrier, key) => carrier.get(key),
    keys: () => [],
  });
  const requestId = h.get(REQUEST_ID_HEADER) ?? propagation.getBaggage(ctx)?.getEntry(REQUEST_ID_BAGGAGE)?.value;
  return { ctx, requestId };
}

/** The request id the active context carries as baggage (a worker's job: its context came through BullMQ). */
export function baggageRequestId(): string | undefined {
  return propagation.getBaggage(context.active())?.getEntry(REQUEST_ID_BAGGAGE)?.value;
}

/**
 * Runs fn in a new span (a child of `parent`, default the active context) with the request id visible to logs;
 * the span ends when fn's promise settles, with an error status if it rejects.
 */
export function inSpan<T>(
  name: string,
  kind: SpanKind,
  fn: (span: Span) => Promise<T>,
  parent: Context = context.active(),
  requestId: string | undefined = currentRequestId(),
): Promise<T> {
  const span = tracer().startSpan(name, { kind }, parent);
  if (requestId) span.setAttribute(REQUEST_ID_BAGGAGE, requestId);
  const run = () =>
    context.with(trace.setSpan(parent, span), async () => {
      try {
        return await fn(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    });
  return requestId && requestId !== currentRequestId() ? runWithRequestId(requestId, run) : run();
}

/**
 * Starts a span that the caller ends (an HTTP request, ended when the response is sent). A request that
 * @fastify/otel already spans (request-spans.ts) keeps that one span: it is named and given the request id, and the
 * caller gets a handle on its context (ending the span is the instrumentation's part).
 */
export function startSpan(name: string, kind: SpanKind, parent: Context, requestId?: string): Span {
  const instrumented = kind === SpanKind.SERVER ? requestSpanOf(context.active()) : undefined;
  if (instrumented) {
    instrumented.updateName(name);
    if (requestId) instrumented.setAttribute(REQUEST_ID_BAGGAGE, requestId);
    return trace.wrapSpanContext(instrumented.spanContext());
  }
  const span = tracer().startSpan(name, { kind }, parent);
  if (requestId) span.setAttribute(REQUEST_ID_BAGGAGE, requestId);
  return span;
}

/** The active trace id (for log lines), if any. */
export function currentTraceId(): string | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && ctx.traceFlags !== undefined && ctx.traceId !== '00000000000000000000000000000000'
    ? ctx.traceId
    : undefined;
}

export { SpanKind, SpanStatusCode, context as otelContext, trace as otelTrace };
