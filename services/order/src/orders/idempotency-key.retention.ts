import { TableRetention } from '@shop/server';
import type { OrderConfig } from '../config/order-config.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';

/**
 * Idempotency keys replay their first answer for IDEMPOTENCY_TTL_HOURS; after that they are of no use and would
 * only grow the table (one row per keyed order): deleted every RETENTION_INTERVAL_MS, in batches.
 */
export class IdempotencyKeyRetention extends TableRetention('idempotency-key-retention', (c: OrderConfig) => ({
  everyMs: c.RETENTION_INTERVAL_MS,
  entity: IdempotencyKeyEntity,
  column: 'createdAt',
  age: { hours: c.IDEMPOTENCY_TTL_HOURS },
})) {}
