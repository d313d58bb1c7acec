import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { initTracing } from '@shop/server';
import { startMailCatcher, waitFor } from '@shop/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

/**
 * Issue 23, traces: one order's path is one trace, from the HTTP request through NATS headers and BullMQ job data
 * to the worker, and every span of ours carries the request id (the one the log lines carry).
 */
describe('tracing (OpenTelemetry, in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  let stack: Stack;
  let workers: INestApplicationContext;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    expect(initTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)] })).toBe(true);
    smtp = await startMailCatcher();
    stack = await startStack('tracing');
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(loadWorkersConfig({ ...stack.env, SMTP_URL: smtp.url })),
      { logger: false },
    );
    await workers.init();
  }, STACK_START_MS);
  afterAll(async () => {
    await workers?.close();
    await stack?.close();
    await smtp?.close();
  }, STACK_CLOSE_MS);

  it("follows an order from the HTTP request through NATS and BullMQ to the worker's report, as one trace", async () => {
    const admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY }).expect(200);
    const product = await orderableProductOf(admin, b.id);
    exporter.reset();

    // the caller (a load balancer, a browser's instrumentation) started the trace
    const traceId = randomBytes(16).toString('hex');
    const res = await request(stack.baseUrl)
      .post('/api/orders')
      .set('traceparent', `00-${traceId}-${randomBytes(8).toString('hex')}-01`)
      .send(takeawayOrder(b.id, product))
      .expect(201);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));

    const ofTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const find = (spans: ReadableSpan[], kind: SpanKind, name: RegExp) =>
      spans.find((s) => s.kind === kind && name.test(s.name));
    // the worker sends the e-mail and reports it done to the order service: the last hop of the path
    const childOf = (spans: ReadableSpan[], parent: ReadableSpan, kind: SpanKind, name: RegExp) =>
      spans.find(
        (s) => s.kind === kind && name.test(s.name) && s.parentSpanContext?.spanId === parent.spanContext().spanId,
      );
    const { spans, processed, report } = await waitFor(() => {
      const all = ofTrace();
      const processing = find(all, SpanKind.CONSUMER, /^process email$/);
      const reported = processing && childOf(all, processing, SpanKind.CLIENT, /^order\.job\.completed$/);
      return reported ? { spans: all, processed: processing, report: reported } : null;
    }, 20_000);

    const http = find(spans, SpanKind.SERVER, /^POST \/api\/orders$/)!;
    expect(http).toBeDefined();
    // HTTP → the NATS request → the order service's handler → (outbox, relay) the job added to BullMQ → processed
    const createClient = childOf(spans, http, SpanKind.CLIENT, /^order\.order\.create$/)!;
    expect(createClient).toBeDefined();
    const createServer = childOf(spans, createClient, SpanKind.SERVER, /^order\.order\.create$/)!;
    expect(createServer).toBeDefined();
    const added = find(spans, SpanKind.PRODUCER, /^add email/)!;
    expect(processed.parentSpanContext?.spanId).toBe(added.spanContext().spanId);
    // the order's event reached its JetStream consumer (statistics) in the same trace
    expect(find(spans, SpanKind.CONSUMER, /^order\.order\.created process$/)).toBeDefined();
    // the request id reached every hop of ours, the worker's included (its log lines carry the same)
    for (const span of [http, createClient, createServer, report])
      expect({ span: span.name, requestId: span.attributes['shop.request_id'] }).toEqual({
        span: span.name,
        requestId,
      });
  });

  it("follows a contact form's e-mail from the HTTP request through the outbox and BullMQ to the worker, as one trace", async () => {
    const admin = await login(stack, ADMIN);
    const form = await admin
      .post('/api/nodes', {
        identifier: 'kontakt-trace',
        type: 'form',
        isPublic: true,
        content: {
          name: 'Kontakt',
          fields: [{ kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true }],
          actions: [
            { kind: 'sendMail', recipient: 'office@example.at', subject: 'Anfrage von {name}', message: '{name}' },
          ],
        },
      })
      .expect(201);
    exporter.reset();
    const traceId = randomBytes(16).toString('hex');
    await request(stack.baseUrl)
      .post(`/api/custom/form/${form.body.data.id}`)
      .set('traceparent', `00-${traceId}-${randomBytes(8).toString('hex')}-01`)
      .send({ name: 'Anna Berger' })
      .expect(200);

    const ofTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    // the worker sent the e-mail and reported it to the content service, in the request's trace
    const { added, processed } = await waitFor(() => {
      const all = ofTrace();
      const processing = all.find((s) => s.kind === SpanKind.CONSUMER && s.name === 'process email');
      const reported = all.find(
        (s) =>
          s.kind === SpanKind.CLIENT &&
          s.name === 'content.job.completed' &&
          s.parentSpanContext?.spanId === processing?.spanContext().spanId,
      );
      const adding = all.find((s) => s.kind === SpanKind.PRODUCER && /^add email/.test(s.name));
      return processing && reported && adding ? { added: adding, processed: processing } : null;
    }, 20_000);
    expect(processed.parentSpanContext?.spanId).toBe(added.spanContext().spanId);
    expect(ofTrace().find((s) => s.kind === SpanKind.SERVER && /^POST \/api\/custom\/form/.test(s.name))).toBeDefined();
    expect(smtp.inbox.filter((m) => m.to.includes('office@example.at'))).toHaveLength(1);
  });

  it('starts a trace of its own for a request without traceparent', async () => {
    exporter.reset();
    const res = await request(stack.baseUrl).get('/api/init').expect(200);
    const span = await waitFor(() => exporter.getFinishedSpans().find((s) => s.name === 'GET /api/init'), 5000);
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.attributes['shop.request_id']).toBe(res.headers['x-request-id']);
  });
});
