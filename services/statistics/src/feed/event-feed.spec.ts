import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger } from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { loadStatisticsConfig } from '../config/statistics-config.js';
import type { NewLogEntry } from '../logs/log-entries.js';
import { EventFeed } from './event-feed.js';

/**
 * The feed over real NATS, its stores stubbed: at shutdown (before the database and NATS close) it waits for the
 * event in hand, so a write is not cut off by the closing pool.
 */
describe('EventFeed', () => {
  const prefixes = uniquePrefixes('eventfeed');
  let nc: NatsConnection;
  beforeAll(async () => (nc = await connect({ servers: NATS_URL })));
  afterAll(async () => {
    await nc.close();
    await cleanupPrefixes(prefixes);
  });

  it('stops its consumers before shutdown goes on, after the event being stored', async () => {
    const recorded: NewLogEntry[] = [];
    let release = () => {};
    const logs = {
      record: (entry: NewLogEntry) =>
        new Promise<void>((resolve) => {
          recorded.push(entry);
          release = resolve;
        }),
    };
    const config = loadStatisticsConfig({ NATS_SUBJECT_PREFIX: prefixes.nats, SHOP_TIME_ZONE: 'Europe/Vienna' });
    const rollups = { ensureDerived: async () => false };
    const feed = new EventFeed(
      logs as never,
      {} as never,
      {} as never,
      {} as never,
      rollups as never,
      nc,
      config,
      createLogger('test', 'silent'),
    );
    await feed.onApplicationBootstrap();
    await jetstream(nc).publish(
      `${prefixes.nats}order.print.failed`,
      JSON.stringify({
        entryId: 1,
        deviceId: 2,
        deviceName: 'Küche',
        orderId: null,
        jobKey: 'job-1',
        reason: '503',
        attempts: 5,
        at: '2026-11-24T10:00:00Z',
      }),
    );
    await waitFor(() => recorded.length === 1);

    let stopped = false;
    const stopping = feed.beforeApplicationShutdown().then(() => void (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
