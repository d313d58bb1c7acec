import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { AnalyticsReceivedEvent, GatewayErrorEvent } from '@shop/contracts';
import { createLogger, streamName } from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import type { FastifyReply } from 'fastify';
import { sendError } from '../common/error-envelope.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { GatewayEvents } from './gateway-events.js';

/**
 * Issue 44 on real NATS: what the gateway publishes to JetStream (GATEWAY, ANALYTICS) carries no e-mail address or
 * phone number, whatever a request sent: the streams keep their messages for up to a week, out of an erasure's reach.
 */
describe('GatewayEvents: no personal data in the streams', () => {
  const prefixes = uniquePrefixes('gwevents');
  const logger = createLogger('test', 'silent');
  let nc: NatsConnection;
  let events: GatewayEvents;
  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    const config = { NATS_SUBJECT_PREFIX: prefixes.nats, NATS_STREAM_REPLICAS: 1 } as GatewayConfig;
    events = new GatewayEvents(nc, config, logger);
    await events.onModuleInit();
  });
  afterAll(async () => {
    await nc.close();
    await cleanupPrefixes(prefixes);
  });

  /** The latest message of an event in its stream, if any. */
  const latest = async <T>(stream: string, subject: string): Promise<T | null> => {
    const jsm = await jetstreamManager(nc);
    const name = streamName(prefixes.nats, stream);
    const msg = await jsm.streams.getMessage(name, { last_by_subj: `${prefixes.nats}${subject}` }).catch(() => null);
    return msg ? (msg.json() as T) : null;
  };

  it('redacts an address or number in an analytics batch before it is published', async () => {
    await events.analyticsReceived(
      [
        {
          type: 'form',
          action: 'Submit: anna.berger@example.at',
          category: 'Tel. 0664 1234567',
          data: { path: '/suche/anna.berger@example.at', phone: '+43 664 1234567', width: 390, ok: true },
          occurredAt: '2026-06-01T10:00:00Z',
        },
      ],
      { visitorId: 'v-1', site: 'shop', page: '/kontakt?tel=06641234567', browser: 'Firefox', os: 'Linux' },
    );
    const batch = await latest<AnalyticsReceivedEvent>('ANALYTICS', 'gateway.analytics.received');
    expect(JSON.stringify(batch)).not.toMatch(/anna\.berger|1234567/);
    expect(batch?.events[0]).toMatchObject({
      type: 'form',
      action: 'Submit: [E-Mail]',
      category: 'Tel. [Telefon]',
      data: { phone: '[Telefon]', width: 390, ok: true },
    });
    expect(batch?.context).toMatchObject({ visitorId: 'v-1', page: '/kontakt?tel=[Telefon]' });
  });

  it("publishes a 500 with its route only and its message's address or number redacted", async () => {
    const reply = {
      request: { id: 'req-1', method: 'POST', routeOptions: { url: '/api/custom/form/:id' } },
      header: () => reply,
      status: () => reply,
      send: () => reply,
    };
    sendError(
      reply as unknown as FastifyReply,
      new Error('insert failed for anna.berger@example.at, +43 664 1234567'),
      logger,
    );
    const event = await waitFor(() => latest<GatewayErrorEvent>('GATEWAY', 'gateway.error.occurred'));
    expect(event).toMatchObject({
      requestId: 'req-1',
      method: 'POST',
      path: '/api/custom/form/:id',
      origin: 'gateway',
      detail: 'insert failed for [E-Mail], [Telefon]',
    });
  });
});
