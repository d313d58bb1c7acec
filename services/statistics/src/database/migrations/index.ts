import type { MigrationInterface } from 'typeorm';
import { StatisticsLogsAnalytics1795326374153 } from './1795326374153-StatisticsLogsAnalytics.js';
import { StatisticsMetrics1795582329059 } from './1795582329059-StatisticsMetrics.js';
import { StatisticsWorkSegments1795900000000 } from './1795900000000-StatisticsWorkSegments.js';
import { StatisticsDailyRollups1796000000000 } from './1796000000000-StatisticsDailyRollups.js';
import { StatisticsVisitorIndex1796100000000 } from './1796100000000-StatisticsVisitorIndex.js';
import { StatisticsSpanRollups1796200000000 } from './1796200000000-StatisticsSpanRollups.js';
import { StatisticsWorkRollups1796300000000 } from './1796300000000-StatisticsWorkRollups.js';
import { StatisticsItemUnits1796400000000 } from './1796400000000-StatisticsItemUnits.js';
import { StatisticsVisitorDayLastAt1796500000000 } from './1796500000000-StatisticsVisitorDayLastAt.js';

/**
 * Every migration of the statistics schema, in order. The outbox table is there because every service runs
 * the outbox relay (ServiceCoreModule); this service publishes nothing yet.
 */
export const STATISTICS_MIGRATIONS: (new () => MigrationInterface)[] = [
  StatisticsLogsAnalytics1795326374153,
  StatisticsMetrics1795582329059,
  StatisticsWorkSegments1795900000000,
  StatisticsDailyRollups1796000000000,
  StatisticsVisitorIndex1796100000000,
  StatisticsSpanRollups1796200000000,
  StatisticsWorkRollups1796300000000,
  StatisticsItemUnits1796400000000,
  StatisticsVisitorDayLastAt1796500000000,
];
