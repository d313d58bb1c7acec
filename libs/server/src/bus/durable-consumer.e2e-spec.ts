import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { Writable } from 'node:stream';
import { createLogger } from '../logging/logger.js';
import { DurableConsumer, isPoison } from './durable-consumer.js';

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
describe('durable consumer over real NATS', () => {
  const prefixes = uniquePrefixes('durable');
  let nc: NatsConnection;
  let consumer: DurableConsumer<'jobs'>;
  const calls: Record<string, number> = {};

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    consumer = new DurableConsumer({
      nc,
      prefix: prefixes.nats,
      stream: 'jobs',
      durable: 'probe-consumer',
      logger,
      handle: async ({ payload }) => {
        const kind = 'jobKey' in payload ? payload.jobKey : payload.jobId;
        calls[kind] = (calls[kind] ?? 0) + 1;
        if (kind === 'poison')
          throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
        if (kind === 'flaky' && calls[kind] === 1)
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    });
    await consumer.start();
  });
  afterAll(async () => {
    consumer.stop();
    await nc.close();
    await cleanupPrefixes(prefixes);
  });

  const printFailed = (jobKey: string) => ({
    entryId: 1,
    deviceId: 2,
    deviceName: 'Küche',
    orderId: null,
    jobKey,
    reason: '503',
    attempts: 5,
    at: '2026-11-24T10:00:00Z',
  });

  it('drops poison messages once and retries a transient failure until it passes', async () => {
    const js = jetstream(nc);
    const subject = `${prefixes.nats}order.print.failed`;
    await js.publish(subject, 'kein JSON');
    await js.publish(subject, JSON.stringify({ jobKey: 'not an event of the map' }));
    await js.publish(subject, JSON.stringify(printFailed('poison')));
    await js.publish(subject, JSON.stringify(printFailed('flaky')));
    await js.publish(subject, JSON.stringify(printFailed('fine')));
    await waitFor(async () => calls.flaky === 2 && calls.fine === 1, 10_000, 100);
    // a redelivery of the poison message would have come after 2 s, like the flaky one's did
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls).toEqual({ poison: 1, flaky: 2, fine: 1 });
    const dropped = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'event cannot be handled; dropped');
    expect(dropped.map((l) => l.data)).toEqual([
      'kein JSON',
      '{"jobKey":"not an event of the map"}',
      JSON.stringify(printFailed('poison')),
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
