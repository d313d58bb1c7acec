import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { StreamEvent } from '@shop/contracts';
import { CONFIG, DurableConsumer, LOGGER, NATS_CONNECTION, type DurableConsumerOptions } from '@shop/server';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { AnalyticsService } from '../analytics/analytics.service.js';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { gatewayErrorEntry, jobFailedEntry, paymentEntry, printFailedEntry } from '../logs/log-entries.js';
import { LogService } from '../logs/log.service.js';
import { RollupRepository } from '../metrics/rollup.repository.js';
import { OrderFactsService } from '../orders/order-facts.service.js';
import { WorkPeriodsService } from '../work/work-periods.service.js';

/** how long the order events of a batch gather (DurableConsumer's batchWindowMs) */
export const ORDER_BATCH_WINDOW_MS = 100;

/**
 * The statistics service reads no other schema: it is fed by events. One durable consumer per stream (its
 * position survives restarts, a failed write is redelivered), and every write is idempotent by a key the
 * event names, so redeliveries add nothing.
 * - JOBS: jobs that finally failed, receipts no printer could print → log
 * - PAYMENTS: failed, expired and canceled payments → log
 * - GATEWAY: 500s with their errorId → log (the same error within LOG_ERROR_DEDUP_MINUTES: one entry, counted)
 * - ANALYTICS: analytics batches → analytics_event + visitor rollups (a work queue: a stored batch leaves the stream)
 * - ORDERS: order created/updated → order_fact read model + order rollups
 * - TIME_TRACKING: activities and schedules (created, updated, deleted, the clock's steps) → work_period
 */
@Injectable()
export class EventFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumers: Array<{ stop(): Promise<void> }> = [];

  constructor(
    private readonly logs: LogService,
    private readonly analytics: AnalyticsService,
    private readonly orders: OrderFactsService,
    private readonly work: WorkPeriodsService,
    private readonly rollups: RollupRepository,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    // the daily rollups are the shop's calendar days: built (again) before any increment when the zone is new
    if (await this.rollups.ensureDerived(this.config.SHOP_TIME_ZONE))
      this.logger.info({ timeZone: this.config.SHOP_TIME_ZONE }, 'statistics: daily rollups built');
    await this.follow('jobs', 'statistics-jobs', async (e: StreamEvent<'jobs'>) => {
      await this.logs.record(e.name === 'order.job.failed' ? jobFailedEntry(e.payload) : printFailedEntry(e.payload));
    });
    await this.follow('payment', 'statistics-payments', async ({ payload }: StreamEvent<'payment'>) => {
      const entry = paymentEntry(payload);
      if (entry) await this.logs.record(entry);
    });
    // in batches: a run of created orders in one transaction (OrderFactsService.applyAll), the events of up to
    // ORDER_BATCH_WINDOW_MS together (issue 22: at a dinner peak a batch of ~25 orders instead of ~3; the
    // dashboards read the rollups a moment later)
    await this.follow(
      'order',
      'statistics-orders',
      async ({ payload }: StreamEvent<'order'>) => {
        await this.orders.apply(payload);
      },
      {
        handleBatch: (events) => this.orders.applyAll(events.map((e) => e.payload)),
        batchWindowMs: ORDER_BATCH_WINDOW_MS,
      },
    );
    // an analytics batch that GATEWAY took before analytics moved to their own stream (issue 39) is stored as ever
    await this.follow('gateway', 'statistics-gateway', async (e: StreamEvent<'gateway'>) => {
      if (e.name === 'gateway.error.occurred') {
        const entry = gatewayErrorEntry(e.payload, this.config.LOG_ERROR_DEDUP_MINUTES);
        await this.logs.recordRepeated(entry, e.payload.errorId, new Date(e.payload.at));
      } else await this.analytics.store(e.payload);
    });
    await this.follow('analytics', 'statistics-analytics', async ({ payload }: StreamEvent<'analytics'>) => {
      await this.analytics.store(payload);
    });
    await this.follow('timeTracking', 'statistics-time-tracking', (e: StreamEvent<'timeTracking'>) =>
      this.work.follow(e),
    );
  }

  private async follow<S extends 'jobs' | 'payment' | 'gateway' | 'analytics' | 'order' | 'timeTracking'>(
    stream: S,
    durable: string,
    handle: (event: StreamEvent<S>) => Promise<void>,
    batches?: Pick<DurableConsumerOptions<S>, 'handleBatch' | 'batchWindowMs'>,
  ) {
    const options: DurableConsumerOptions<S> = {
      nc: this.nc,
      prefix: this.config.NATS_SUBJECT_PREFIX,
      stream,
      durable,
      logger: this.logger,
      handle,
      ...batches,
    };
    const consumer = new DurableConsumer(options);
    await consumer.start();
    this.consumers.push(consumer);
  }

  /**
   * before the database and NATS close (their onApplicationShutdown): the events being handled are stored first
   * (an unfinished write would be redelivered, but its transaction cut short logs "Connection terminated")
   */
  async beforeApplicationShutdown() {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}
