import type { AnalyticsReceivedEvent } from '@shop/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { busAnswering, statisticsKit } from '../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../test/statistics-test-database.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

const batch = (
  visitorId: string,
  page: string | null,
  events: AnalyticsReceivedEvent['events'],
): AnalyticsReceivedEvent => ({
  batchId: randomUUID(),
  receivedAt: '2026-06-01T10:59:00Z',
  context: { visitorId, site: 'shop', page, browser: 'Firefox', os: 'Linux' },
  events,
});
const view = (path: string, at: string, data: Record<string, string | number> = {}) => ({
  type: 'pageview',
  action: path,
  category: null,
  data: { path, ...data },
  occurredAt: at,
});

describe('AnalyticsService (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('analytics'));
    kit = statisticsKit(
      ds,
      busAnswering({ 'catalogue.init.snapshot': () => ({ branches: [{ id: 3, identifier: 'wien' }] }) }),
    );
  });
  afterAll(() => close());

  const from = new Date('2026-06-01T06:17:00Z');
  const to = new Date('2026-06-01T18:43:00Z');
  const metric = (m: Parameters<typeof kit.metrics.aggregate>[0]) => kit.metrics.aggregate(m, from, to, null, 'day');

  it('stores a batch once, with the branch of its store page and of the visitor’s day, and counts it in the rollups', async () => {
    const first = batch('visitor-a', '/store/wien', [
      view('/', '2026-06-01T10:05:00Z'),
      view('/store/wien', '2026-06-01T10:06:00Z'),
      {
        type: 'device',
        action: 'start',
        category: null,
        data: { screenWidth: 390, screenHeight: 844, referrer: 'example.org' },
        occurredAt: '2026-06-01T10:05:30Z',
      },
      { type: 'cart', action: 'add-to-cart', category: null, data: {}, occurredAt: '2026-06-01T10:07:00Z' },
    ]);
    expect(await kit.analytics.store(first)).toBe(4);
    expect(await kit.analytics.store(first)).toBe(0);
    // later that day the contact page still counts for the store the visitor chose
    expect(await kit.analytics.store(batch('visitor-a', '/kontakt', [view('/kontakt', '2026-06-01T11:30:00Z')]))).toBe(
      1,
    );
    const stored = await ds.getRepository(AnalyticsEventEntity).find({ order: { occurredAt: 'ASC' } });
    expect(stored.map((e) => [e.action, e.branch])).toEqual([
      ['/', 0],
      // no path of its own: the page the browser was on when it sent the batch (a store page)
      ['start', 3],
      ['/store/wien', 3],
      ['add-to-cart', 3],
      ['/kontakt', 3],
    ]);
    expect((await metric('unique-visitors')).total).toBe(1);
    expect((await metric('event-flow')).breakdown).toEqual([
      { key: '/ → /store/wien', value: 1 },
      { key: '/store/wien → /kontakt', value: 1 },
    ]);
    for (const m of [
      'unique-visitors',
      'page-views',
      'pages',
      'event-flow',
      'visitor-times',
      'resolutions',
      'referrers',
      'events',
    ] as const)
      expect({ m, ...(await metric(m)) }).toEqual({
        m,
        ...(await kit.metrics.aggregate(m, from, to, null, 'day', false)),
      });
  });

  it('drops an invalid event and stores the rest of its batch', async () => {
    const b = batch('visitor-b', null, [view('/', '2026-06-01T12:00:00Z'), { type: '', action: 'x' } as never]);
    expect(await kit.analytics.store(b)).toBe(1);
    expect(await kit.analytics.store(batch('visitor-b', null, [{ type: '', action: 'x' } as never]))).toBe(0);
  });
});
