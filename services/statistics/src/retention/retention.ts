import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER, PeriodicTasks, pruneOlderThan } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';

const DAY_MS = 86_400_000;

/**
 * Retention of what the statistics service keeps: system log entries after LOG_RETENTION_DAYS, analytics events
 * after ANALYTICS_RETENTION_DAYS (by when they happened); the hourly and daily rollups stay, so the metrics of purged
 * periods remain. Swept every RETENTION_INTERVAL_MS, in batches.
 */
@Injectable()
export class Retention implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly tasks: PeriodicTasks,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every('retention', this.config.RETENTION_INTERVAL_MS, async () => void (await this.sweep()));
  }

  /** Deletes what has outlived its retention; answers how many rows of each kind went. */
  async sweep(now = new Date()): Promise<{ log: number; analytics: number }> {
    const log = await this.prune(
      'log',
      '"createdAt"',
      new Date(now.getTime() - this.config.LOG_RETENTION_DAYS * DAY_MS),
    );
    const analytics = await this.prune(
      'analytics_event',
      '"occurredAt"',
      new Date(now.getTime() - this.config.ANALYTICS_RETENTION_DAYS * DAY_MS),
    );
    // a visitor's day row serves the event flow of that UTC day only: gone the day after next
    await this.ds.query(
      `DELETE FROM "statistics"."visitor_day" WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date - 1`,
      [now],
    );
    if (log || analytics) this.logger.info({ log, analytics }, 'retention: old entries deleted');
    return { log, analytics };
  }

  private prune(table: string, column: string, cutoff: Date): Promise<number> {
    return pruneOlderThan(this.ds, { table: `"statistics"."${table}"`, key: 'id', column, cutoff });
  }
}
