import { cleanupPrefixes, startMailCatcher, uniquePrefixes, waitFor } from '@shop/testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { ADMIN, freePort, takeawayOrder } from '../support/stack.js';

interface ReplicaStack {
  env: Record<string, string>;
  gateways: string[];
  stop(): Promise<void>;
}

/** A span as an OTLP/HTTP collector receives it, with the resource of the process that sent it. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}
type OtlpAttribute = { key: string; value: Record<string, unknown> };
interface OtlpTraces {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{
      spans: Array<Omit<ReceivedSpan, 'attributes' | 'resource'> & { attributes?: OtlpAttribute[] }>;
    }>;
  }>;
}
// OTLP's span kinds (the API's enum plus one)
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

const ROOT = new URL('../../', import.meta.url);
const PLATFORM_VERSION = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { version: string })
  .version;
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const PRELOAD = new URL('libs/server/dist/tracing/register.js', ROOT).pathname;

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));

/** A local OTLP/HTTP collector (JSON, what @opentelemetry/exporter-trace-otlp-http sends): keeps every span. */
async function startCollector(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces')
        for (const { resource, scopeSpans } of (JSON.parse(body) as OtlpTraces).resourceSpans)
          for (const scope of scopeSpans)
            for (const span of scope.spans)
              spans.push({
                ...span,
                attributes: attributesOf(span.attributes),
                resource: attributesOf(resource.attributes),
              });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the exporters' keep-alive sockets
      }),
  };
}

/**
 * Issue 39: traces that name their services. The built processes (scripts/replicas/replica-stack.mjs, one of each
 * kind an order needs, started with the tracing preload as npm start and the image start them) export to a local
 * OTLP/HTTP collector; one order's trace holds the spans of the gateway, the order service, Postgres, NATS and the
 * worker, each under the name and version of the process that made it.
 */
describe('traces of the separate processes (OTLP/HTTP to a local collector)', () => {
  const prefixes = uniquePrefixes('traces');
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let stack: ReplicaStack;

  beforeAll(async () => {
    collector = await startCollector();
    smtp = await startMailCatcher();
    const { startReplicaStack } = (await import('../../scripts/replicas/replica-stack.mjs' as string)) as {
      startReplicaStack(o: object): Promise<ReplicaStack>;
    };
    stack = await startReplicaStack({
      database: `shop_traces_${process.pid}`,
      natsPrefix: prefixes.nats,
      redisPrefix: prefixes.redis,
      // 32500–32755: below the kernel's ephemeral range (32768 on), above the replica test's ports and freePort()'s
      basePort: 32_500 + (process.pid % 16) * 16,
      replicas: 1,
      // what an order needs: the staff login (identity) to open the branch all day, the menu, the order, its e-mail
      processes: ['catalogue', 'identity', 'order', 'workers', 'gateway'],
      env: { SMTP_URL: smtp.url, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '200' },
    });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await collector?.close();
    await smtp?.close();
    await cleanupPrefixes(prefixes);
    if (stack) {
      const { dropDatabase } = (await import('../../scripts/lib/env.mjs' as string)) as {
        dropDatabase(url: string): Promise<void>;
      };
      await dropDatabase(stack.env.DATABASE_URL!);
    }
  }, 60_000);

  /** the admin's session on the gateway; the branch open all day and a product on its menu */
  async function openBranch(base: string): Promise<{ branch: number; product: number }> {
    const login = await fetch(`${base}/backend/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const headers = {
      'content-type': 'application/json',
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      'x-csrf-token': ((await login.json()) as { data: { csrfToken: string } }).data.csrfToken,
    };
    const branch = (await (await fetch(`${base}/api/branches/wien-innere-stadt`, { headers })).json()).data;
    const opened = await fetch(`${base}/api/branches/${branch.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...branch, openingHours: ALL_DAY }),
    });
    expect(opened.status).toBe(200);
    const products = (await (await fetch(`${base}/api/products?perPage=500`, { headers })).json()).data as Array<{
      id: number;
      name: string;
    }>;
    return { branch: branch.id, product: products.find((p) => p.name === 'Apfelstrudel')!.id };
  }

  it('holds one order as one trace: gateway, order service, Postgres, NATS and the worker, each under its own name', async () => {
    const base = stack.gateways[0]!;
    const { branch, product } = await openBranch(base);

    // the caller (a load balancer, a browser's instrumentation) started the trace
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpan}-01` },
      body: JSON.stringify(takeawayOrder(branch, product)),
    });
    expect(res.status).toBe(201);

    const ofTrace = () => collector.spans.filter((s) => s.traceId === traceId);
    const from = (service: string, spans = ofTrace()) => spans.filter((s) => s.resource['service.name'] === service);
    // the worker sends the new-order e-mail and reports it to the order service: the last hop of the path. A span
    // is exported when it ends, the job's span after its report's (and a print job may report first): wait for both
    const spans = await waitFor(() => {
      const all = ofTrace();
      const reported = from('workers', all).some((s) => s.kind === CLIENT && s.name === 'order.job.completed');
      const emailed = from('workers', all).some((s) => s.kind === CONSUMER && s.name === 'process email');
      return reported && emailed && all.some((s) => s.kind === SERVER && s.name === 'POST /api/orders') ? all : null;
    }, 30_000);
    const parentOf = (span: ReceivedSpan) => spans.find((s) => s.spanId === span.parentSpanId);
    const under = (span: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
      const parent = parentOf(span);
      return !!parent && (parent.spanId === ancestor.spanId || under(parent, ancestor));
    };

    // every span names its process and the platform's version
    expect([...new Set(spans.map((s) => s.resource['service.name']))]).toEqual(
      expect.arrayContaining(['gateway', 'order', 'workers']),
    );
    expect(spans.filter((s) => s.resource['service.version'] !== PLATFORM_VERSION)).toEqual([]);

    // the gateway's one server span for the request (@fastify/otel's, named by the gateway, with its request id),
    // a child of the caller's span; the route's handler runs in it
    const requests = from('gateway', spans).filter((s) => s.kind === SERVER);
    expect(requests.map((s) => s.name)).toEqual(['POST /api/orders']);
    const [http] = requests as [ReceivedSpan];
    expect(http).toMatchObject({
      parentSpanId: callerSpan,
      attributes: {
        'http.route': '/api/orders',
        'http.response.status_code': 201,
        'url.path': '/api/orders',
        'shop.request_id': res.headers.get('x-request-id'),
      },
    });

    // NATS: the gateway's request, from the route's handler (its span is @fastify/otel's), and the order service's
    // handling of it
    const create = from('gateway', spans).find((s) => s.kind === CLIENT && s.name === 'order.order.create')!;
    expect(parentOf(create)).toMatchObject({ name: 'handler - OrdersController.create', parentSpanId: http.spanId });
    const handled = from('order', spans).find((s) => s.kind === SERVER && s.name === 'order.order.create')!;
    expect(handled.parentSpanId).toBe(create.spanId);

    // Postgres: the order service's statements while it handled the request
    const statements = from('order', spans).filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(statements.filter((s) => under(s, handled)).length).toBeGreaterThan(0);

    // Redis, within the trace only; a command's arguments (session ids, job data) stay out of the span
    const redis = spans.filter((s) => s.attributes['db.system.name'] === 'redis');
    expect(redis.length).toBeGreaterThan(0);
    expect(redis.filter((s) => s.attributes['db.query.text'] !== s.name)).toEqual([]);

    // the worker ran the e-mail job in the same trace and reported it done to the order service
    const processed = from('workers', spans).find((s) => s.kind === CONSUMER && s.name === 'process email')!;
    expect(processed).toBeDefined();
    const reports = from('workers', spans).filter((s) => s.kind === CLIENT && s.name === 'order.job.completed');
    expect(reports.filter((report) => under(report, processed))).toHaveLength(1);
    await waitFor(() => smtp.inbox.some((m) => m.to.includes('anna.berger@example.at')), 10_000);
  }, 60_000);

  it('hooks nothing into a process without an OTLP endpoint (the preload loads no instrumentation)', () => {
    const probe = (endpoint: string | undefined) =>
      execFileSync(
        process.execPath,
        [
          '--import',
          PRELOAD,
          '--input-type=module',
          '-e',
          "const { Redis } = await import('ioredis'); console.log(String(!!Redis.prototype.sendCommand.__wrapped))",
        ],
        {
          cwd: ROOT.pathname,
          env: { ...process.env, NODE_OPTIONS: '', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
          encoding: 'utf8',
        },
      ).trim();
    expect({ without: probe(undefined), with: probe(collector.url) }).toEqual({ without: 'false', with: 'true' });
  });
});
