import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  STREAMS,
  UPLOADS_BUCKET,
  type AnalyticsReceivedEvent,
  type GatewayErrorEvent,
  type StreamDefinition,
} from '@shop/contracts';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { Writable } from 'node:stream';
import { createLogger } from '../logging/logger.js';
import { renderMetrics } from '../metrics/metrics.js';
import { DurableConsumer } from './durable-consumer.js';
import {
  ensureStream,
  publishEvent,
  SHARED_SERVER_MAX_BYTES,
  streamConfig,
  streamName,
  uploadBucket,
} from './jetstream.js';

const GiB = 1024 ** 3;
const nanos = (ms: number) => ms * 1_000_000;
const WEEK_NS = nanos(7 * 24 * 3600_000);

const lines: string[] = [];
const logger = createLogger(
  'probe',
  'info',
  new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  }),
);

/** A stream as a release before issue 39 made it: its subjects, a week, no size limit. */
async function oldStream(jsm: JetStreamManager, prefix: string, name: string, subjects: string[]): Promise<void> {
  await jsm.streams.add({
    name: streamName(prefix, name),
    subjects: subjects.map((s) => prefix + s),
    duplicate_window: nanos(600_000),
    max_age: WEEK_NS,
  });
}

const batch = (batchId: string): AnalyticsReceivedEvent => ({
  batchId,
  events: [{ type: 'pageview', action: '/', category: 'navigation', data: { path: '/' } }],
  receivedAt: '2026-11-24T10:00:00Z',
});
const failure = (errorId: string): GatewayErrorEvent => ({
  errorId,
  requestId: `req-${errorId}`,
  method: 'GET',
  path: '/api/orders',
  origin: 'gateway',
  detail: 'boom',
  at: '2026-11-24T10:00:00Z',
});

/** the value of a series in the text exposition, or undefined when it is not there */
const seriesValue = (text: string, metric: string, stream: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${metric}{stream="${stream}"} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('stream limits over real NATS (issue 39)', () => {
  const prefixes = uniquePrefixes('limits');
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    jsm = await jetstreamManager(nc);
  });
  afterAll(async () => {
    await nc.close();
    await cleanupPrefixes(prefixes);
  });

  it('gives a deployment its full limits, and a run sharing its server (a prefix) a slice of them', () => {
    expect(streamConfig('', STREAMS.order)).toMatchObject({
      name: 'ORDERS',
      max_bytes: 3 * GiB,
      max_age: WEEK_NS,
      discard: 'old',
      retention: 'limits',
    });
    expect(streamConfig('', STREAMS.analytics)).toMatchObject({ max_bytes: GiB, retention: 'workqueue' });
    expect(streamConfig('t1.', STREAMS.order).max_bytes).toBe(SHARED_SERVER_MAX_BYTES);
  });

  it('bounds an existing unbounded stream at the next start, keeping its copies and its messages', async () => {
    await oldStream(jsm, prefixes.nats, 'ORDERS', ['order.order.created', 'order.order.updated']);
    await jetstream(nc).publish(`${prefixes.nats}order.order.created`, '{}');
    await ensureStream(nc, prefixes.nats, STREAMS.order);
    const { config, state } = await jsm.streams.info(streamName(prefixes.nats, 'ORDERS'));
    expect(config).toMatchObject({
      max_bytes: SHARED_SERVER_MAX_BYTES,
      max_age: WEEK_NS,
      discard: 'old',
      num_replicas: 1,
    });
    expect(state.messages).toBe(1);
  });

  it('keeps taking events when a stream is full: the oldest go, not the publishes', async () => {
    const tiny: StreamDefinition = {
      name: 'TINY',
      subjects: ['tiny.event.created'],
      limits: { maxBytes: 16 * 1024, maxAgeMs: 3600_000 },
    };
    await ensureStream(nc, prefixes.nats, tiny);
    const js = jetstream(nc);
    // 64 kB into 16 kB: every publish is stored (acknowledged), the first ones are gone
    for (let i = 1; i <= 64; i++)
      await js.publish(`${prefixes.nats}tiny.event.created`, JSON.stringify({ i, pad: 'x'.repeat(900) }));
    const { state } = await jsm.streams.info(streamName(prefixes.nats, 'TINY'));
    expect(state.bytes).toBeLessThanOrEqual(16 * 1024);
    expect(state.last_seq).toBe(64);
    expect(state.first_seq).toBeGreaterThan(1);
  });

  it('gives an upload bucket made without a limit its limit; a full bucket refuses uploads instead of breaking files', async () => {
    const name = streamName(prefixes.nats, UPLOADS_BUCKET.name);
    await new Objm(jetstream(nc)).create(name, { ttl: nanos(3600_000) });
    const bucket = await uploadBucket(nc, prefixes.nats);
    const { config } = (await bucket.status()).streamInfo;
    expect(config).toMatchObject({ max_bytes: SHARED_SERVER_MAX_BYTES, discard: 'new' });
    await bucket.putBlob({ name: 'a' }, Buffer.from('Bild'));
    expect(Buffer.from((await bucket.getBlob('a')) ?? []).toString()).toBe('Bild');
  });
});

/**
 * Moving analytics from GATEWAY to ANALYTICS on a running system: the old layout (GATEWAY with both subjects, its
 * consumer behind by a batch and an error) and a new start in either order of processes.
 */
describe('analytics moving to their own stream over real NATS (issue 39)', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    jsm = await jetstreamManager(nc);
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await nc.close();
  });

  /** The layout before issue 39 under fresh prefixes, with what the statistics service had not consumed yet. */
  async function oldLayout(label: string) {
    const prefixes = uniquePrefixes(label);
    const consumers: Array<{ stop(): Promise<void> }> = [];
    cleanups.push(async () => {
      await Promise.all(consumers.map((c) => c.stop()));
      await cleanupPrefixes(prefixes);
    });
    const js = jetstream(nc);
    await oldStream(jsm, prefixes.nats, 'GATEWAY', ['gateway.error.occurred', 'gateway.analytics.received']);
    await oldStream(jsm, prefixes.nats, 'ORDERS', ['order.order.created', 'order.order.updated']);
    await jsm.consumers.add(streamName(prefixes.nats, 'GATEWAY'), {
      durable_name: 'statistics-gateway',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    await publishEvent(js, prefixes.nats, 'gateway.analytics.received', batch('before'), 'analytics:before');
    await publishEvent(js, prefixes.nats, 'gateway.error.occurred', failure('before'), 'error:before');
    await js.publish(`${prefixes.nats}order.order.created`, '{}');
    return { prefix: prefixes.nats, consumers };
  }

  /** The statistics service's two consumers as EventFeed starts them, recording what they handle. */
  async function startStatistics(prefix: string, consumers: Array<{ stop(): Promise<void> }>, analyticsFirst: boolean) {
    const handled = { gateway: [] as string[], analytics: [] as string[] };
    const gateway = new DurableConsumer({
      nc,
      prefix,
      stream: 'gateway',
      durable: 'statistics-gateway',
      logger,
      handle: async (e) => void handled.gateway.push('errorId' in e.payload ? e.payload.errorId : e.payload.batchId),
    });
    const analytics = new DurableConsumer({
      nc,
      prefix,
      stream: 'analytics',
      durable: 'statistics-analytics',
      logger,
      handle: async (e) => void handled.analytics.push(e.payload.batchId),
    });
    consumers.push(gateway, analytics);
    for (const consumer of analyticsFirst ? [analytics, gateway] : [gateway, analytics]) await consumer.start();
    return handled;
  }

  /** The gateway's start (GatewayEvents) and its publishes after it. */
  async function startGateway(prefix: string) {
    for (const stream of [STREAMS.gateway, STREAMS.analytics]) await ensureStream(nc, prefix, stream, 1);
    const js = jetstream(nc);
    await publishEvent(js, prefix, 'gateway.analytics.received', batch('after'), 'analytics:after');
    await publishEvent(js, prefix, 'gateway.error.occurred', failure('after'), 'error:after');
  }

  async function expectNewLayout(prefix: string, handled: { gateway: string[]; analytics: string[] }) {
    await waitFor(async () => handled.gateway.length === 3 && handled.analytics.length === 1, 20_000, 50);
    // the batch GATEWAY took before the move is stored from there, not dropped as an event it does not carry
    expect(handled.gateway.sort()).toEqual(['after', 'before', 'before'].sort());
    expect(handled.analytics).toEqual(['after']);
    expect(lines.filter((l) => l.includes('event cannot be handled'))).toEqual([]);
    const gateway = await jsm.streams.info(streamName(prefix, 'GATEWAY'));
    expect(gateway.config.subjects).toEqual([`${prefix}gateway.error.occurred`]);
    expect(gateway.config.max_bytes).toBe(SHARED_SERVER_MAX_BYTES);
    // a work queue: a batch the statistics service stored leaves the stream
    const analytics = await jsm.streams.info(streamName(prefix, 'ANALYTICS'));
    expect(analytics.config).toMatchObject({ retention: 'workqueue', max_age: nanos(48 * 3600_000) });
    await waitFor(async () => (await jsm.streams.info(streamName(prefix, 'ANALYTICS'))).state.messages === 0, 10_000);
    // order events stay where they were
    const orders = await jsm.streams.find(`${prefix}order.order.created`);
    expect(orders).toBe(streamName(prefix, 'ORDERS'));
    expect((await jsm.streams.info(orders)).state.messages).toBe(1);
  }

  it('works when the statistics service starts first, its analytics consumer before its gateway one', async () => {
    const { prefix, consumers } = await oldLayout('movestats');
    const handled = await startStatistics(prefix, consumers, true);
    await startGateway(prefix);
    await expectNewLayout(prefix, handled);
  });

  it('works when the gateway starts first and publishes before the statistics service is back', async () => {
    const { prefix, consumers } = await oldLayout('movegw');
    await startGateway(prefix);
    const handled = await startStatistics(prefix, consumers, false);
    await expectNewLayout(prefix, handled);
  });
});

describe('stream size metrics over real NATS (issue 39)', () => {
  const prefixes = uniquePrefixes('streammetric');
  afterAll(() => cleanupPrefixes(prefixes));

  it("reports the owner's streams at every scrape while its connection lasts", async () => {
    const owner = await connect({ servers: NATS_URL });
    const consumer = await connect({ servers: NATS_URL });
    const orders = streamName(prefixes.nats, 'ORDERS');
    const payments = streamName(prefixes.nats, 'PAYMENTS');
    await ensureStream(owner, prefixes.nats, STREAMS.order, 1);
    // ensured again (a second start of the module, a consumer in the same process): reported once
    await ensureStream(owner, prefixes.nats, STREAMS.order, 1);
    // a consumer keeps the copies and reports nothing: the owner does
    await ensureStream(consumer, prefixes.nats, STREAMS.payment);
    await jetstream(owner).publish(`${prefixes.nats}order.order.created`, JSON.stringify({ id: 1 }));

    const text = await renderMetrics(['probe']);
    expect(seriesValue(text, 'shop_jetstream_stream_messages', orders)).toBe(1);
    expect(seriesValue(text, 'shop_jetstream_stream_bytes', orders)).toBeGreaterThan(0);
    expect(seriesValue(text, 'shop_jetstream_stream_max_bytes', orders)).toBe(SHARED_SERVER_MAX_BYTES);
    expect(
      text.split('\n').filter((l) => l.startsWith(`shop_jetstream_stream_bytes{stream="${orders}"}`)),
    ).toHaveLength(1);
    expect(seriesValue(text, 'shop_jetstream_stream_bytes', payments)).toBeUndefined();

    // the owner gone (its shutdown drains the connection): its series go, and no failing source holds the heartbeat
    const heartbeat = (t: string) => Number(/shop_heartbeat_timestamp_seconds\{service="probe"\} (\S+)/.exec(t)?.[1]);
    await owner.drain();
    await consumer.close();
    const after = await renderMetrics(['probe']);
    expect(seriesValue(after, 'shop_jetstream_stream_bytes', orders)).toBeUndefined();
    expect(heartbeat(after)).toBeGreaterThan(heartbeat(text));
  });
});
