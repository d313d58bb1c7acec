import type { StatisticsMetric } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { admin, employeeOf, orderCreated, statisticsKit } from '../../../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../../../test/statistics-test-database.js';
import type { QueryMetric } from './query-metric.usecase.js';

const ORDER_METRICS: StatisticsMetric[] = [
  'orders',
  'order-times',
  'revenue',
  'canceled-orders',
  'order-origins',
  'revenue-origins',
  'items',
  'popular-items',
];

describe('QueryMetric (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let metrics: QueryMetric;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('query_metric'));
    const kit = statisticsKit(ds);
    metrics = kit.metrics;
    // Monday 2 March 2026, 11:30 and 12:05 in Vienna; Sunday 15 March 19:20; a canceled order on 10 April
    await kit.orders.applyAll([
      orderCreated(1, '2026-03-02T10:30:00Z'),
      orderCreated(2, '2026-03-02T11:05:00Z', { branch: 2, origin: 'staff', totalCents: 950 }),
      orderCreated(3, '2026-03-15T18:20:00Z', {
        items: [{ productId: 12, name: 'Pizza Funghi', quantity: 1, grossCents: 1800 }],
      }),
      orderCreated(4, '2026-04-10T12:00:00Z', { canceled: true }),
    ]);
  });
  afterAll(() => close());

  it('answers total, series, top list and grid of a range with partial hours from the rollups as from the raw rows', async () => {
    const from = new Date('2026-03-02T10:17:00Z');
    const to = new Date('2026-04-10T12:43:00Z');
    for (const metric of ORDER_METRICS) {
      const viaRollups = await metrics.aggregate(metric, from, to, null, 'day');
      const viaRaw = await metrics.aggregate(metric, from, to, null, 'day', false);
      expect({ metric, ...viaRollups }).toEqual({ metric, ...viaRaw });
    }
    expect(await metrics.aggregate('revenue', from, to, null, 'month')).toMatchObject({
      total: 1800 + 950 + 1800,
      series: [{ bucket: '2026-02-28T23:00:00.000Z', value: 4550 }],
    });
    expect((await metrics.aggregate('popular-items', from, to, [1], 'day')).breakdown).toEqual([
      { key: 'Pizza Margherita', value: 4, unit: 'piece' },
      { key: 'Pizza Funghi', value: 1, unit: 'piece' },
    ]);
  });

  it('answers the weekday × hour grid of whole calendar months from the months’ cells', async () => {
    // 1 March to 30 April in Vienna: two whole months, read as 168 cells each (no hours, no edges)
    const reply = await metrics.execute(admin, 'order-times', { from: '2026-03-01', to: '2026-04-30' });
    expect(reply).toMatchObject({ metric: 'order-times', unit: 'count', timeZone: 'Europe/Vienna', total: 4 });
    expect(reply.cells).toEqual([
      { weekday: 1, hour: 11, value: 1 },
      { weekday: 1, hour: 12, value: 1 },
      { weekday: 5, hour: 14, value: 1 },
      { weekday: 7, hour: 19, value: 1 },
    ]);
    const raw = await metrics.aggregate('order-times', new Date(reply.from), new Date(reply.to), null, 'day', false);
    expect(reply.cells).toEqual(raw.cells);
  });

  it('scopes employees to their branches and checks the metric, the access and the range', async () => {
    const q = { from: '2026-03-02', to: '2026-03-02' };
    expect((await metrics.execute(employeeOf(2), 'orders', q)).total).toBe(1);
    expect((await metrics.execute(employeeOf(1), 'orders', { ...q, branch: 1 })).total).toBe(1);
    expect((await metrics.execute(admin, 'orders', q)).total).toBe(2);
    await expect(metrics.execute(employeeOf(2), 'orders', { ...q, branch: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(metrics.execute(null, 'orders', q)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(metrics.execute(admin, 'no-such-metric', q)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      metrics.execute(admin, 'orders', { from: '2026-03-02T12:00:00Z', to: '2026-03-02T12:00:00Z' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
