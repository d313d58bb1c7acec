import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { singleFlight, succeedsWithin } from '../runtime/deadline.js';

/**
 * The process's Prometheus metrics (prom-client), served at /metrics on its health port. One registry per process:
 * the metrics below are created once, and every service in the process (several in the in-process test stack)
 * labels its own series with `service`. Values that live elsewhere (outbox rows, queue counts, consumer positions,
 * stream sizes, the pool) are read when scraped, from the sources the services register with `onScrape`.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'shop_' });

const registers = [metricsRegistry];
/** request durations from 5 ms to 10 s (a bus request gives up after NATS_REQUEST_TIMEOUT_MS, 5 s by default) */
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** a duration histogram (the buckets above) of the process's registry */
const durations = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Histogram<L>({ name, help, labelNames, buckets, registers });
/** a gauge of the process's registry */
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Gauge<L>({ name, help, labelNames, registers });

export const httpRequestDuration = durations(
  'shop_http_request_duration_seconds',
  'HTTP requests by route pattern and status (the _count series is the request count)',
  ['method', 'route', 'status'],
);
export const natsRequestDuration = durations(
  'shop_nats_request_duration_seconds',
  'NATS requests a process sent, by subject and outcome (ok, error: a domain error, unavailable: no answer)',
  ['service', 'subject', 'outcome'],
);
export const orderBatchOrders = new Histogram({
  name: 'shop_order_batch_orders',
  help: 'new orders written by one statement and one commit (group commit; _count is the number of statements)',
  buckets: [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 100],
  registers,
});
export const jobFailures = new Counter({
  name: 'shop_job_failures_total',
  help: 'failed BullMQ job attempts by queue; final=true when BullMQ gave the job up',
  labelNames: ['queue', 'final'] as const,
  registers,
});
export const outboxBacklog = gauge('shop_outbox_backlog', 'outbox rows (events and jobs) not yet published', [
  'service',
]);
export const outboxOldestAge = gauge(
  'shop_outbox_oldest_age_seconds',
  'age of the oldest unpublished outbox row (0 when there is none)',
  ['service'],
);
export const queueJobs = gauge('shop_queue_jobs', 'BullMQ jobs by queue and state (waiting, active, delayed, failed)', [
  'queue',
  'state',
]);
export const consumerPending = gauge(
  'shop_jetstream_consumer_pending',
  'JetStream messages a durable consumer has not yet acknowledged (not delivered plus delivered unacked)',
  ['stream', 'consumer'],
);
export const streamBytes = gauge(
  'shop_jetstream_stream_bytes',
  'bytes a JetStream stream holds (one copy; every replica holds as much on its node), reported by its owner',
  ['stream'],
);
export const streamMaxBytes = gauge(
  'shop_jetstream_stream_max_bytes',
  "the stream's size limit (max_bytes): at it the oldest messages go, unconsumed ones too",
  ['stream'],
);
export const streamMessages = gauge('shop_jetstream_stream_messages', 'messages a JetStream stream holds', ['stream']);
export const dbPoolConnections = gauge(
  'shop_db_pool_connections',
  'Postgres pool connections by state (total, idle, waiting: requests queued for a connection)',
  ['service', 'state'],
);
export const heartbeat = gauge(
  'shop_heartbeat_timestamp_seconds',
  'when this process last answered a scrape with all its sources read (alert: a service without heartbeat)',
  ['service'],
);

/** the gauges read at scrape time: cleared first, so a source that went away (a stopped service) leaves no series */
const scraped = [
  outboxBacklog,
  outboxOldestAge,
  queueJobs,
  consumerPending,
  streamBytes,
  streamMaxBytes,
  streamMessages,
  dbPoolConnections,
];
const sources = new Set<() => Promise<void>>();

/** Registers a source read at every scrape; returns its removal (call it on shutdown). */
export function onScrape(source: () => Promise<void>): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/**
 * How long a scrape waits for a source: BullMQ's counts wait for as long as Redis is away, and a scrape that does
 * not answer (Prometheus' default timeout is 10 s) loses every series of the process, the heartbeat included.
 */
const SOURCE_DEADLINE_MS = 2000;

/**
 * The text exposition of every metric. A source that fails or is late (its database or Redis is down) only leaves
 * its own series out and withholds the heartbeat: the scrape itself still answers, and the failing health check
 * says why. A late source is not read again until it has settled.
 */
export async function renderMetrics(services: readonly string[] = []): Promise<string> {
  for (const gauge of scraped) gauge.reset();
  const read = await Promise.all(
    [...sources].map((source) => succeedsWithin(singleFlight(source, source), SOURCE_DEADLINE_MS)),
  );
  if (read.every(Boolean)) for (const service of services) heartbeat.set({ service }, Date.now() / 1000);
  return metricsRegistry.metrics();
}
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** What of a BullMQ queue the metrics read (the order service's Queue objects). */
export interface CountableQueue {
  name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

/** Queue depth and failures of these queues at every scrape. */
export function watchQueues(queues: readonly CountableQueue[]): () => void {
  return onScrape(async () => {
    await Promise.all(
      queues.map(async (queue) => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, n] of Object.entries(counts)) queueJobs.set({ queue: queue.name, state }, n);
      }),
    );
  });
}

/** Times a NATS request and counts it by outcome. */
export async function timeNatsRequest<T>(service: string, subject: string, send: () => Promise<T>): Promise<T> {
  const end = natsRequestDuration.startTimer({ service, subject });
  try {
    const reply = await send();
    end({ outcome: 'ok' });
    return reply;
  } catch (err) {
    end({ outcome: (err as { code?: string }).code === 'SERVICE_UNAVAILABLE' ? 'unavailable' : 'error' });
    throw err;
  }
}
