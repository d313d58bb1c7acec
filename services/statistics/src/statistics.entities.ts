import { AnalyticsEventEntity } from './analytics/analytics-event.entity.js';
import { LogEntity } from './logs/log.entity.js';

export const STATISTICS_SCHEMA = 'statistics';
export const STATISTICS_ENTITIES = [LogEntity, AnalyticsEventEntity];
