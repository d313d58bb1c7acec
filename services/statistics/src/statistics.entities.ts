import { AnalyticsEventEntity } from './analytics/analytics-event.entity.js';
import { LogEntity } from './logs/log.entity.js';
import {
  RollupDailyEntity,
  RollupEntity,
  RollupSpanEntity,
  RollupStateEntity,
  VisitorDayEntity,
} from './metrics/rollup.entity.js';
import { OrderFactEntity, OrderItemFactEntity } from './orders/order-fact.entity.js';
import { WorkPeriodEntity } from './work/work-period.entity.js';

export const STATISTICS_SCHEMA = 'statistics';
export const STATISTICS_ENTITIES = [
  LogEntity,
  AnalyticsEventEntity,
  RollupEntity,
  RollupDailyEntity,
  RollupSpanEntity,
  RollupStateEntity,
  VisitorDayEntity,
  OrderFactEntity,
  OrderItemFactEntity,
  WorkPeriodEntity,
];

/**
 * Planner settings of the service's connections: no parallel workers (its reads touch a few thousand rollup rows
 * and index-probe the minutes at a range's edges; starting workers costs more than they save, most on a busy host)
 * and no JIT compilation (the work metrics' generate_series is estimated at millions of rows, so Postgres compiled
 * a statement answering a few hundred rows: 0.85 s of compiling for 0.1 s of work in the bench).
 */
export const STATISTICS_SESSION_SETTINGS = {
  max_parallel_workers_per_gather: 0,
  jit: 'off',
  plan_cache_mode: 'force_generic_plan',
};
