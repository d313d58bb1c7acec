import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  STREAMS,
  type AnalyticsContext,
  type AnalyticsEvent,
  type AnalyticsReceivedEvent,
  type EventName,
  type EventOf,
  type GatewayErrorEvent,
} from '@shop/contracts';
import { CONFIG, ensureStream, LOGGER, NATS_CONNECTION, publishEvent, redactPersonalData } from '@shop/server';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { reportInternalErrors } from '../common/error-envelope.js';

/**
 * A 500 as the system log gets it (issue 44: its events carry no customer data): the route without a query string
 * and the failure's message with e-mail addresses and phone numbers redacted (it may quote what was sent).
 */
export function errorEvent(error: Omit<GatewayErrorEvent, 'at'>, at: Date): GatewayErrorEvent {
  return {
    ...error,
    path: error.path.split('?')[0],
    detail: error.detail === null ? null : redactPersonalData(error.detail),
    at: at.toISOString(),
  };
}

/**
 * An analytics batch as it is published (issue 44): the storefront sends no personal data, but the route is public
 * and its texts free, so an e-mail address or phone number in an action, category, text value or page is redacted
 * before the batch is stored anywhere (numbers, flags and the visitor id stay as they are).
 */
export function analyticsWithoutPersonalData(
  events: AnalyticsEvent[],
  context: AnalyticsContext,
): { events: AnalyticsEvent[]; context: AnalyticsContext } {
  const text = (v: string | null) => (v === null ? v : redactPersonalData(v));
  return {
    events: events.map((e) => ({
      ...e,
      action: redactPersonalData(e.action),
      category: text(e.category),
      data: Object.fromEntries(Object.entries(e.data).map(([k, v]) => [k, typeof v === 'string' ? text(v) : v])),
    })),
    context: { ...context, page: text(context.page) },
  };
}

/**
 * The gateway's own events (streams GATEWAY and ANALYTICS), for the statistics service. The gateway has no database
 * and so no outbox: it publishes straight to JetStream and waits for the stream's ack, which means the event is
 * stored and the statistics service will read it, also if it is down right now.
 */
@Injectable()
export class GatewayEvents implements OnModuleInit {
  private readonly js: JetStreamClient;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.js = jetstream(nc);
  }

  async onModuleInit() {
    // GATEWAY first: it lets go of the analytics subject that ANALYTICS takes over (issue 39)
    for (const stream of [STREAMS.gateway, STREAMS.analytics])
      await ensureStream(this.nc, this.config.NATS_SUBJECT_PREFIX, stream, this.config.NATS_STREAM_REPLICAS);
    // a 500 is logged by the gateway in any case; the event puts it into the back office's system log too
    reportInternalErrors(this.logger, (error) => {
      const event = errorEvent(error, new Date());
      this.publish('gateway.error.occurred', event, `error:${error.errorId}`).catch((err) =>
        this.logger.warn({ err, errorId: error.errorId }, 'error event not published'),
      );
    });
  }

  /** A validated analytics batch; rejects when JetStream did not store it (the caller answers 503). */
  async analyticsReceived(events: AnalyticsEvent[], context: AnalyticsContext): Promise<void> {
    const event: AnalyticsReceivedEvent = {
      batchId: randomUUID(),
      ...analyticsWithoutPersonalData(events, context),
      receivedAt: new Date().toISOString(),
    };
    await this.publish('gateway.analytics.received', event, `analytics:${event.batchId}`);
  }

  private publish<E extends EventName>(event: E, payload: EventOf<E>, msgId: string): Promise<void> {
    return publishEvent(this.js, this.config.NATS_SUBJECT_PREFIX, event, payload, msgId);
  }
}
