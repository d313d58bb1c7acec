import { createLogger, dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AnalyticsEventEntity } from '../analytics/analytics-event.entity.js';
import { loadStatisticsConfig } from '../config/statistics-config.js';
import { statisticsDatabase } from '../database/data-source.js';
import { LogEntity } from '../logs/log.entity.js';
import { Retention } from './retention.js';

const DAY_MS = 86_400_000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

describe('Retention (real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let retention: Retention;
  beforeAll(async () => {
    db = await createTestDatabase('statistics_retention');
    await migrate(statisticsDatabase(db.url));
    ds = await new DataSource(dataSourceOptions({ ...statisticsDatabase(db.url), poolSize: 2 })).initialize();
    const config = loadStatisticsConfig({ LOG_RETENTION_DAYS: '90', ANALYTICS_RETENTION_DAYS: '30' });
    retention = new Retention(ds, config, createLogger('test', 'silent'));
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('deletes log entries after 90 days and analytics events after their days, keeps the rest', async () => {
    const now = new Date();
    const logAt = (days: number, i: number) => ({
      level: 'error' as const,
      source: 'gateway' as const,
      code: 'INTERNAL_ERROR',
      message: 'x',
      context: {},
      eventKey: `k-${days}-${i}`,
      createdAt: daysAgo(now, days),
    });
    await ds.getRepository(LogEntity).save([logAt(91, 1), logAt(200, 2), logAt(89, 3), logAt(0, 4)]);
    const batchId = randomUUID();
    const event = (days: number, position: number) => ({
      batchId,
      position,
      type: 'page',
      action: 'view',
      category: '',
      data: {},
      occurredAt: daysAgo(now, days),
      receivedAt: now,
    });
    await ds.getRepository(AnalyticsEventEntity).save([event(31, 0), event(29, 1), event(1, 2)]);

    await expect(retention.sweep(now)).resolves.toEqual({ log: 2, analytics: 1 });
    expect((await ds.getRepository(LogEntity).find()).map((l) => l.eventKey).sort()).toEqual(['k-0-4', 'k-89-3']);
    expect((await ds.getRepository(AnalyticsEventEntity).find()).map((e) => e.position).sort()).toEqual([1, 2]);
    await expect(retention.sweep(now)).resolves.toEqual({ log: 0, analytics: 0 });
  });
});
