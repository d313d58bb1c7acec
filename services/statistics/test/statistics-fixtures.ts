import type { Actor, OrderChangedEvent } from '@shop/contracts';
import { createLogger, type ServiceBus } from '@shop/server';
import type { DataSource } from 'typeorm';
import { AnalyticsRepository } from '../src/analytics/analytics.repository.js';
import { AnalyticsService } from '../src/analytics/analytics.service.js';
import { BranchDirectory } from '../src/analytics/branch-directory.js';
import { loadStatisticsConfig } from '../src/config/statistics-config.js';
import { MetricRepository } from '../src/metrics/metric.repository.js';
import { RollupRepository } from '../src/metrics/rollup.repository.js';
import { QueryMetric } from '../src/metrics/usecases/query-metric/query-metric.usecase.js';
import { OrderFactRepository } from '../src/orders/order-fact.repository.js';
import { OrderFactsService } from '../src/orders/order-facts.service.js';
import { WorkPeriodRepository } from '../src/work/work-period.repository.js';
import { WorkPeriodsService } from '../src/work/work-periods.service.js';
import { TEST_TIME_ZONE } from './statistics-test-database.js';

export const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
export const employeeOf = (branch: number, id = 100 + branch): Actor => ({
  id,
  username: `employee-${id}`,
  roles: ['ROLE_EMPLOYEE'],
  branches: [branch],
});

/** A bus that answers the requests of a spec (`catalogue.init.snapshot`, `time-tracking.work-period.get`). */
export const busAnswering = (answers: Record<string, (payload: unknown) => unknown> = {}) =>
  ({
    requestAsService: async (subject: string, payload: unknown) => {
      const answer = answers[subject];
      if (!answer) throw new Error(`no answer for ${subject}`);
      return answer(payload);
    },
  }) as unknown as ServiceBus;

/** The statistics service's parts over a test database, as its module wires them. */
export function statisticsKit(ds: DataSource, bus = busAnswering()) {
  const config = loadStatisticsConfig({ SHOP_TIME_ZONE: TEST_TIME_ZONE });
  const logger = createLogger('test', 'silent');
  const workPeriods = new WorkPeriodRepository(ds);
  const rollups = new RollupRepository(ds);
  return {
    config,
    workPeriods,
    metrics: new QueryMetric(new MetricRepository(ds), config),
    analytics: new AnalyticsService(
      ds,
      new AnalyticsRepository(ds),
      new BranchDirectory(bus, logger),
      rollups,
      config,
      logger,
    ),
    orders: new OrderFactsService(ds, new OrderFactRepository(ds), rollups, config),
    work: new WorkPeriodsService(ds, workPeriods, rollups, bus, config),
  };
}

/** An order's created event as the order service publishes it (one line of two pizzas unless told). */
export const orderCreated = (id: number, createdAt: string, o: Partial<OrderChangedEvent> = {}): OrderChangedEvent => ({
  id,
  uid: `uid-${id}`,
  branch: 1,
  verb: 'created',
  change: 'created',
  at: createdAt,
  createdAt,
  origin: 'storefront',
  totalCents: 1800,
  canceled: false,
  items: [{ productId: 11, name: 'Pizza Margherita', quantity: 2, grossCents: 1800 }],
  ...o,
});
