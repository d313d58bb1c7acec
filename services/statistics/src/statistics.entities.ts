import { AnalyticsEventEntity } from './analytics/analytics-event.entity.js';
import { LogEntity } from './logs/log.entity.js';
import { RollupDailyEntity, RollupEntity, RollupStateEntity, VisitorDayEntity } from './metrics/rollup.entity.js';
import { OrderFactEntity, OrderItemFactEntity } from './orders/order-fact.entity.js';
import { WorkPeriodEntity } from './work/work-period.entity.js';

export const STATISTICS_SCHEMA = 'statistics';
export const STATISTICS_ENTITIES = [
  LogEntity,
  AnalyticsEventEntity,
  RollupEntity,
  RollupDailyEntity,
  RollupStateEntity,
  VisitorDayEntity,
  OrderFactEntity,
  OrderItemFactEntity,
  WorkPeriodEntity,
];
