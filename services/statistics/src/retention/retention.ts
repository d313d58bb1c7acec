import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, Periodic, pruneRetained } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AnalyticsEventEntity } from '../analytics/analytics-event.entity.js';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { LogEntity } from '../logs/log.entity.js';

/**
 * Retention of what the statistics service keeps: system log entries after LOG_RETENTION_DAYS, analytics events
 * after ANALYTICS_RETENTION_DAYS (by when they happened); the hourly and daily rollups stay, so the metrics of purged
 * periods remain. Swept every RETENTION_INTERVAL_MS, in batches.
 */
@Injectable()
export class Retention {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Deletes what has outlived its retention; answers how many rows of each kind went. */
  @Periodic('retention', (c: StatisticsConfig) => c.RETENTION_INTERVAL_MS)
  async sweep(now = new Date()): Promise<{ log: number; analytics: number }> {
    const log = await pruneRetained(this.ds, now, {
      entity: LogEntity,
      column: 'createdAt',
      age: { days: this.config.LOG_RETENTION_DAYS },
    });
    const analytics = await pruneRetained(this.ds, now, {
      entity: AnalyticsEventEntity,
      column: 'occurredAt',
      age: { days: this.config.ANALYTICS_RETENTION_DAYS },
    });
    // a visitor's day row serves the event flow of that UTC day only: gone the day after next
    await this.ds.query(
      `DELETE FROM "statistics"."visitor_day" WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date - 1`,
      [now],
    );
    if (log || analytics) this.logger.info({ log, analytics }, 'retention: old entries deleted');
    return { log, analytics };
  }
}
