import type { AnalyticsReceivedEvent } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { busAnswering, statisticsKit } from '../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../test/statistics-test-database.js';

let n = 0;
/** one batch of a visitor's page views (path, instant) */
const batch = (visitorId: string, ...views: Array<[string, string]>): AnalyticsReceivedEvent => ({
  batchId: `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`,
  receivedAt: '2026-06-01T12:00:00Z',
  context: { visitorId, site: 'shop', page: null, browser: 'Firefox', os: 'Linux' },
  events: views.map(([path, at]) => ({
    type: 'pageview',
    action: path,
    category: null,
    data: { path },
    occurredAt: at,
  })),
});

/**
 * Issue 41: a visitor's events that arrive out of their order of time — two tabs of one browser (one visitor id)
 * sending their queues, a batch resent after a later one went through, a batch a day late — count as the events in
 * their order do (the raw GROUP BY), not once per arrival.
 */
describe('AnalyticsService: late batches (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('late_batches'));
    kit = statisticsKit(ds, busAnswering({ 'catalogue.init.snapshot': () => ({ branches: [] }) }));
  });
  afterAll(() => close());

  const from = new Date('2026-06-01T00:00:00Z');
  const to = new Date('2026-06-02T00:00:00Z');
  const VISITOR_METRICS = ['unique-visitors', 'visitor-times', 'event-flow', 'page-views', 'pages'] as const;
  const rollupsEqualRaw = async () => {
    for (const m of VISITOR_METRICS)
      for (const interval of ['hour', 'day'])
        expect({ m, ...(await kit.metrics.aggregate(m, from, to, null, interval)) }).toEqual({
          m,
          ...(await kit.metrics.aggregate(m, from, to, null, interval, false)),
        });
  };

  it('counts the hours and the page steps of two tabs once each, in the order of time', async () => {
    // tab 1 sends first: 10:50 /a, 11:10 /b; tab 2's queue arrives later: 10:55 /c, 11:05 /a
    await kit.analytics.store(batch('two-tabs', ['/a', '2026-06-01T10:50:00Z'], ['/b', '2026-06-01T11:10:00Z']));
    await kit.analytics.store(batch('two-tabs', ['/c', '2026-06-01T10:55:00Z'], ['/a', '2026-06-01T11:05:00Z']));
    await rollupsEqualRaw();
    expect((await kit.metrics.aggregate('visitor-times', from, to, null, 'day')).total).toBe(2);
    expect((await kit.metrics.aggregate('unique-visitors', from, to, null, 'day')).total).toBe(1);
    expect((await kit.metrics.aggregate('event-flow', from, to, null, 'day')).breakdown).toEqual([
      { key: '/a → /b', value: 1 },
      { key: '/a → /c', value: 1 },
      { key: '/c → /a', value: 1 },
    ]);
    // and a batch in order after that goes on from the latest page (/b at 11:10)
    await kit.analytics.store(batch('two-tabs', ['/d', '2026-06-01T11:20:00Z']));
    await rollupsEqualRaw();
    expect((await kit.metrics.aggregate('event-flow', from, to, null, 'day')).breakdown).toContainEqual({
      key: '/b → /d',
      value: 1,
    });
  });

  it('counts a visitor whose first event of the day arrives last at that event', async () => {
    await kit.analytics.store(batch('resent', ['/x', '2026-06-01T15:00:00Z']));
    await kit.analytics.store(batch('resent', ['/y', '2026-06-01T08:00:00Z']));
    await rollupsEqualRaw();
    const hours = await kit.metrics.aggregate('unique-visitors', from, to, null, 'hour');
    expect(hours.series).toContainEqual({ bucket: '2026-06-01T08:00:00.000Z', value: 1 });
    expect(hours.series).not.toContainEqual(expect.objectContaining({ bucket: '2026-06-01T15:00:00.000Z' }));
  });

  it('does not count a visitor again whose day is no longer kept (a batch a day late)', async () => {
    await kit.analytics.store(batch('a-day-late', ['/p', '2026-06-01T09:00:00Z']));
    // retention keeps visitor_day for a day; the batch after that finds the day's events, not its row
    await ds.query(`DELETE FROM "statistics"."visitor_day" WHERE "visitorId" = 'a-day-late'`);
    await kit.analytics.store(batch('a-day-late', ['/q', '2026-06-01T09:30:00Z']));
    await rollupsEqualRaw();
  });
});
