import { Module } from '@nestjs/common';
import { ServiceRoot } from '@shop/server';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { BranchDirectory } from './analytics/branch-directory.js';
import type { StatisticsConfig } from './config/statistics-config.js';
import { statisticsDatabase } from './database/data-source.js';
import { EventFeed } from './feed/event-feed.js';
import { LogController } from './logs/log.controller.js';
import { LogService } from './logs/log.service.js';
import { MetricRepository } from './metrics/metric.repository.js';
import { RollupRepository } from './metrics/rollup.repository.js';
import { StatisticsController } from './statistics.controller.js';
import { QueryMetric } from './metrics/usecases/query-metric/query-metric.usecase.js';
import { OrderFactRepository } from './orders/order-fact.repository.js';
import { OrderFactsService } from './orders/order-facts.service.js';
import { PrivacyController } from './privacy/privacy.controller.js';
import { PrivacyRepository } from './privacy/privacy.repository.js';
import { ErasePersonalData } from './privacy/usecases/erase-personal-data/erase-personal-data.usecase.js';
import { FindPersonalData } from './privacy/usecases/find-personal-data/find-personal-data.usecase.js';
import { Retention } from './retention/retention.js';
import { GetUserProfile } from './work/usecases/user-profile/user-profile.usecase.js';
import { UserWorkingActivities } from './work/usecases/user-working-activities/user-working-activities.usecase.js';
import { WorkPeriodRepository } from './work/work-period.repository.js';
import { WorkPeriodsService } from './work/work-periods.service.js';
import { STATISTICS_SESSION_SETTINGS } from './statistics.entities.js';

/**
 * The statistics service: the system log, the storefront's analytics events, the order and time-tracking read
 * models, their hourly rollups and the 22 metrics, all fed by JetStream events (it never reads another
 * service's schema). It publishes no events of its own.
 */
@Module({})
export class StatisticsModule extends ServiceRoot<StatisticsConfig>({
  core: {
    name: 'statistics',
    database: statisticsDatabase,
    streams: [],
    // its reads are rollups (a few thousand rows) and the minutes at a range's edges: parallel workers cost
    // more to start than they save, and a transaction to switch them off per query three more round trips
    sessionSettings: STATISTICS_SESSION_SETTINGS,
    // asks the time-tracking service for an activity's or schedule's stretches (its events carry ids only)
    bus: true,
  },
  controllers: [LogController, StatisticsController, PrivacyController],
  providers: [
    LogService,
    BranchDirectory,
    RollupRepository,
    AnalyticsRepository,
    AnalyticsService,
    OrderFactRepository,
    OrderFactsService,
    MetricRepository,
    QueryMetric,
    WorkPeriodRepository,
    WorkPeriodsService,
    GetUserProfile,
    UserWorkingActivities,
    PrivacyRepository,
    FindPersonalData,
    ErasePersonalData,
    EventFeed,
    Retention,
  ],
}) {}
