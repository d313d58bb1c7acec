import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, PeriodicTasks, pruneOlderThan } from '@shop/server';
import { DataSource } from 'typeorm';
import type { OrderConfig } from '../config/order-config.js';

/**
 * Idempotency keys replay their first answer for IDEMPOTENCY_TTL_HOURS; after that they are of no use and would
 * only grow the table (one row per keyed order): deleted every RETENTION_INTERVAL_MS, in batches.
 */
@Injectable()
export class IdempotencyKeyRetention implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly tasks: PeriodicTasks,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every(
      'idempotency-key-retention',
      this.config.RETENTION_INTERVAL_MS,
      async () => void (await this.sweep()),
    );
  }

  sweep(now = new Date()): Promise<number> {
    return pruneOlderThan(this.ds, {
      table: '"order"."idempotency_key"',
      key: '"key"',
      column: '"createdAt"',
      cutoff: new Date(now.getTime() - this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000),
    });
  }
}
