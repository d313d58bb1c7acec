import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  EVENTS, STREAMS, type AnalyticsReceivedEvent, type GatewayErrorEvent, type JobFailedEvent, type PaymentSettledEvent, type PrintFailedEvent,
} from '@shop/contracts';
import { CONFIG, DurableConsumer, LOGGER, NATS_CONNECTION, type StreamDefinition } from '@shop/server';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { AnalyticsService } from '../analytics/analytics.service.js';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { gatewayErrorEntry, jobFailedEntry, paymentEntry, printFailedEntry } from '../logs/log-entries.js';
import { LogService } from '../logs/log.service.js';

type Handler = (subject: string, payload: unknown) => Promise<unknown>;

/**
 * The statistics service reads no other schema: it is fed by events. One durable consumer per stream (its
 * position survives restarts, a failed write is redelivered), and every write is idempotent by a key the
 * event names, so redeliveries add nothing.
 * - JOBS: jobs that finally failed, receipts no printer could print → log
 * - PAYMENTS: failed, expired and canceled payments → log
 * - GATEWAY: 500s with their errorId → log; analytics batches → analytics_event
 */
@Injectable()
export class EventFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: Array<DurableConsumer<unknown>> = [];

  constructor(
    private readonly logs: LogService,
    private readonly analytics: AnalyticsService,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const feeds: Array<[StreamDefinition, string, Handler]> = [
      [STREAMS.jobs, 'statistics-jobs', (subject, payload) => subject === EVENTS.jobFailed
        ? this.logs.record(jobFailedEntry(payload as JobFailedEvent))
        : this.logs.record(printFailedEntry(payload as PrintFailedEvent))],
      [STREAMS.payment, 'statistics-payments', async (_subject, payload) => {
        const entry = paymentEntry(payload as PaymentSettledEvent);
        if (entry) await this.logs.record(entry);
      }],
      [STREAMS.gateway, 'statistics-gateway', (subject, payload) => subject === EVENTS.gatewayError
        ? this.logs.record(gatewayErrorEntry(payload as GatewayErrorEvent))
        : this.analytics.store(payload as AnalyticsReceivedEvent)],
    ];
    const prefix = this.config.NATS_SUBJECT_PREFIX;
    for (const [stream, durable, handle] of feeds) {
      const consumer = new DurableConsumer<unknown>({
        nc: this.nc, prefix, stream, durable, logger: this.logger,
        handle: async (payload, msg) => void (await handle(msg.subject.slice(prefix.length), payload)),
      });
      await consumer.start();
      this.consumers.push(consumer);
    }
  }

  onApplicationShutdown() {
    for (const consumer of this.consumers) consumer.stop();
  }
}
