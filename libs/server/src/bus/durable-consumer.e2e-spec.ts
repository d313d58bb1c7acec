import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { Writable } from 'node:stream';
import { createLogger } from '../logging/logger.js';
import { STREAMS } from '@shop/contracts';
import { DurableConsumer, isPoison, type DurableConsumerOptions } from './durable-consumer.js';
import { streamName } from './jetstream.js';

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

/**
 * A message that can never be handled (not JSON, not its event's schema, or data Postgres refuses) is dropped with an error log line
 * instead of being redelivered without end; a failure that may pass (a service down) is retried.
 */
/** an order.print.failed event of the map, as the printer bridge publishes it */
const printFailed = (jobKey: string) =>
  JSON.stringify({
    entryId: 1,
    deviceId: 2,
    deviceName: 'Küche',
    orderId: null,
    jobKey,
    reason: '503',
    attempts: 5,
    at: '2026-11-24T10:00:00Z',
  });

/**
 * A durable consumer of the JOBS stream under prefixes of its own, over real NATS: started before the describe's
 * tests, stopped and cleaned up after them. Answers the connection (for publishing) once started.
 */
function probeConsumer(
  name: string,
  options: Pick<DurableConsumerOptions<'jobs'>, 'handle' | 'handleBatch' | 'batchWindowMs'>,
): { prefixes: ReturnType<typeof uniquePrefixes>; nc: () => NatsConnection; consumer: () => DurableConsumer<'jobs'> } {
  const prefixes = uniquePrefixes(name);
  let nc: NatsConnection;
  let consumer: DurableConsumer<'jobs'>;
  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    consumer = new DurableConsumer({
      nc,
      prefix: prefixes.nats,
      stream: 'jobs',
      durable: `probe-${name}`,
      logger,
      ...options,
    });
    await consumer.start();
  });
  afterAll(async () => {
    await consumer.stop();
    await nc.close();
    await cleanupPrefixes(prefixes);
  });
  return { prefixes, nc: () => nc, consumer: () => consumer };
}

describe('durable consumer over real NATS', () => {
  const calls: Record<string, number> = {};
  const { prefixes, nc } = probeConsumer('durable', {
    handle: async ({ payload }) => {
      const kind = 'jobKey' in payload ? payload.jobKey : payload.jobId;
      calls[kind] = (calls[kind] ?? 0) + 1;
      if (kind === 'poison')
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      if (kind === 'flaky' && calls[kind] === 1)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    },
  });

  it('drops poison messages once and retries a transient failure until it passes', async () => {
    const js = jetstream(nc());
    const subject = `${prefixes.nats}order.print.failed`;
    await js.publish(subject, 'kein JSON');
    await js.publish(subject, JSON.stringify({ jobKey: 'not an event of the map' }));
    await js.publish(subject, printFailed('poison'));
    await js.publish(subject, printFailed('flaky'));
    await js.publish(subject, printFailed('fine'));
    await waitFor(async () => calls.flaky === 2 && calls.fine === 1, 10_000, 100);
    // a redelivery of the poison message would have come after 2 s, like the flaky one's did
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls).toEqual({ poison: 1, flaky: 2, fine: 1 });
    const dropped = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'event cannot be handled; dropped');
    expect(dropped.map((l) => l.data)).toEqual([
      'kein JSON',
      '{"jobKey":"not an event of the map"}',
      printFailed('poison'),
    ]);
    expect(dropped.every((l) => l.level === 'error')).toBe(true);
  });

  it('tells poison from transient failures', () => {
    expect(isPoison(new SyntaxError('Unexpected token'))).toBe(true);
    expect(isPoison({ driverError: { code: '22P02' } })).toBe(true); // TypeORM's QueryFailedError: invalid integer text
    expect(isPoison({ code: '22003' })).toBe(true); // numeric value out of range
    expect(isPoison({ code: '40001' })).toBe(false); // serialization failure: try again
    expect(isPoison({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isPoison(new Error('timeout'))).toBe(false);
    expect(isPoison(null)).toBe(false);
  });
});

/**
 * Issue 22: a consumer with handleBatch handles a quiet stream one message at a time and gets the messages that
 * arrived meanwhile as one batch; a batch that fails is handled one by one, so a poison message is dropped alone.
 */
describe('durable consumer with batches over real NATS', () => {
  const handled: string[] = [];
  const batches: string[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const keyOf = (payload: { jobKey?: string; jobId?: string }) => String(payload.jobKey ?? payload.jobId);
  let firstStarted = false;
  const { prefixes, nc } = probeConsumer('durable-batch', {
    handle: async ({ payload }) => {
      const key = keyOf(payload);
      // the first message holds the consumer until the test has published the rest
      if (key === 'first') {
        firstStarted = true;
        await gate;
      }
      if (key === 'bad')
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      handled.push(key);
    },
    handleBatch: async (events) => {
      const keys = events.map(({ payload }) => keyOf(payload));
      batches.push(keys);
      if (keys.includes('bad')) throw new Error('the batch holds a message its handler refuses');
      handled.push(...keys);
    },
  });
  /** waits until NATS has delivered `count` messages the consumer has not acknowledged yet */
  const delivered = (count: number) =>
    waitFor(
      async () =>
        (
          await (
            await jetstream(nc()).jetstreamManager()
          ).consumers.info(streamName(prefixes.nats, STREAMS.jobs.name), 'probe-durable-batch')
        ).num_ack_pending === count,
      10_000,
      50,
    );
  // a test that failed while the first message held the consumer must not keep it waiting
  afterAll(() => release());

  it('batches what arrives while a message is handled, in order, each once', async () => {
    const js = jetstream(nc());
    const subject = `${prefixes.nats}order.print.failed`;
    gate = new Promise((r) => (release = r));
    await js.publish(subject, printFailed('first'));
    await waitFor(async () => firstStarted, 10_000, 20);
    const rest = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const key of rest) await js.publish(subject, printFailed(key));
    await delivered(21);
    release();
    await waitFor(async () => handled.length === 21, 10_000, 50);
    expect(handled).toEqual(['first', ...rest]);
    // the first alone (nothing else had arrived), the twenty that arrived meanwhile together
    expect(batches).toEqual([rest]);
  });

  it('handles a failed batch one by one: the poison message is dropped, the others handled once', async () => {
    handled.length = 0;
    batches.length = 0;
    firstStarted = false;
    const js = jetstream(nc());
    const subject = `${prefixes.nats}order.print.failed`;
    gate = new Promise((r) => (release = r));
    await js.publish(subject, printFailed('first'));
    await waitFor(async () => firstStarted, 10_000, 20);
    for (const key of ['a', 'bad', 'b']) await js.publish(subject, printFailed(key));
    await delivered(4);
    release();
    await waitFor(async () => handled.length === 3, 10_000, 50);
    await new Promise((r) => setTimeout(r, 2500));
    expect(handled).toEqual(['first', 'a', 'b']);
    expect(batches).toEqual([['a', 'bad', 'b']]);
    // dropped once (a redelivery would have come after 1–2 s), with its data in the error line
    const dropped = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'event cannot be handled; dropped');
    expect(dropped.filter((l) => l.data === printFailed('bad'))).toHaveLength(1);
  });
});

/** Issue 22: with a batch window, what arrives within it is one batch even when the consumer was idle. */
describe('durable consumer with a batch window over real NATS', () => {
  const batches: string[][] = [];
  const alone: string[] = [];
  const keyOf = (payload: object) => String((payload as { jobKey: string }).jobKey);
  const { prefixes, nc } = probeConsumer('durable-window', {
    batchWindowMs: 1000,
    handle: async ({ payload }) => void alone.push(keyOf(payload)),
    handleBatch: async (events) => void batches.push(events.map(({ payload }) => keyOf(payload))),
  });

  it('gathers the messages of a burst on an idle consumer into one batch, in order', async () => {
    const js = jetstream(nc());
    const keys = Array.from({ length: 10 }, (_, i) => `w${i}`);
    // published at once: all of them are in the stream long before the window closes
    await Promise.all(keys.map((key) => js.publish(`${prefixes.nats}order.print.failed`, printFailed(key))));
    await waitFor(async () => batches.flat().length + alone.length === keys.length, 10_000, 50);
    expect(alone).toEqual([]);
    expect(batches).toEqual([keys]);
  });
});

/**
 * Issue 40 item 6: stop() returns only once the message (or batch) being handled is done and acknowledged, so an
 * app's shutdown does not close the database or NATS under a handler.
 */
describe.each([
  ['one by one', false],
  ['in batches', true],
])('durable consumer stopped while it handles a message (%s)', (label, batched) => {
  const done: string[] = [];
  let started = false;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const hold = async (keys: string[]) => {
    started = true;
    await gate;
    done.push(...keys);
  };
  const keyOf = (payload: object) => String((payload as { jobKey: string }).jobKey);
  const name = `durable-stop-${batched ? 'batch' : 'one'}`;
  const { prefixes, nc, consumer } = probeConsumer(name, {
    handle: ({ payload }) => hold([keyOf(payload)]),
    ...(batched && { handleBatch: (events) => hold(events.map(({ payload }) => keyOf(payload))) }),
  });

  it(`waits for the handler before it returns (${label})`, async () => {
    await jetstream(nc()).publish(`${prefixes.nats}order.print.failed`, printFailed('held'));
    await waitFor(async () => started, 10_000, 20);
    let stopped = false;
    const stopping = consumer()
      .stop()
      .then(() => (stopped = true));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect([stopped, done]).toEqual([false, []]);
    } finally {
      // also when the expectation failed: the stop in afterAll must not wait for ever
      release();
    }
    await stopping;
    expect(done).toEqual(['held']);
    // acknowledged before stop() returned: nothing left for the next start of the service
    const info = await (
      await jetstream(nc()).jetstreamManager()
    ).consumers.info(streamName(prefixes.nats, STREAMS.jobs.name), `probe-${name}`);
    expect([info.num_ack_pending, info.num_pending]).toEqual([0, 0]);
  });
});
