import type { AnalyticsReceivedEvent } from '@shop/contracts';
import { DomainException } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, orderCreated, statisticsKit } from '../../../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../../../test/statistics-test-database.js';

/** A visitor's page views (one batch), at these instants. */
const visit = (id: string, visitorId: string, ...at: string[]): AnalyticsReceivedEvent => ({
  batchId: id,
  receivedAt: at[at.length - 1],
  context: { visitorId, site: 'shop', page: '/', browser: 'Firefox', os: 'Linux' },
  events: at.map((t, i) => ({
    type: 'pageview',
    action: `/p/${i}`,
    category: null,
    data: { path: `/p/${i}` },
    occurredAt: t,
  })),
});

describe('QueryMetric: whole months, the period compared with, bad input (issue 41; real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('query_metric_input'));
    kit = statisticsKit(ds);
    // October (its daylight-saving day, 25th) and November 2026
    await kit.orders.applyAll([
      orderCreated(1, '2026-10-25T01:30:00Z'),
      orderCreated(2, '2026-10-31T22:30:00Z'),
      orderCreated(3, '2026-11-01T09:00:00Z'),
      orderCreated(4, '2026-11-30T22:59:00Z'),
      orderCreated(5, '2026-11-30T23:00:00Z'),
    ]);
    await kit.analytics.store(
      visit('00000000-0000-4000-8000-000000000001', 'a', '2026-11-03T10:00:00Z', '2026-11-03T11:30:00Z'),
    );
    await kit.analytics.store(
      visit('00000000-0000-4000-8000-000000000002', 'b', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'),
    );
  });
  afterAll(() => close());

  it('answers the weekday × hour grid of whole calendar months (01.11.–30.11.: not `column "dow" does not exist`)', async () => {
    for (const metric of ['order-times', 'visitor-times'] as const)
      for (const [from, to] of [
        ['2026-11-01', '2026-11-30'],
        ['2026-10-01', '2026-10-31'],
        ['2026-10-01', '2026-11-30'],
        ['2026-01-01', '2026-12-31'],
      ]) {
        const reply = await kit.metrics.execute(admin, metric, { from, to, interval: 'month', compare: 'previous' });
        const raw = await kit.metrics.aggregate(metric, new Date(reply.from), new Date(reply.to), null, 'month', false);
        expect({ metric, from, cells: reply.cells, total: reply.total }).toEqual({
          metric,
          from,
          cells: raw.cells,
          total: raw.total,
        });
      }
    const november = await kit.metrics.execute(admin, 'order-times', { from: '2026-11-01', to: '2026-11-30' });
    // 1 Nov 10:00 (Sunday) and 30 Nov 23:59 (Monday) in Vienna; 1 Dec 00:00 is December's
    expect(november.cells).toEqual([
      { weekday: 1, hour: 23, value: 1 },
      { weekday: 7, hour: 10, value: 1 },
    ]);
  });

  it('answers the period before: the month before a whole month, as many days before other dates, as long before instants', async () => {
    const november = await kit.metrics.execute(admin, 'orders', {
      from: '2026-11-01',
      to: '2026-11-30',
      compare: 'previous',
    });
    // the whole month before: 1 to 31 October (the 25th has 25 hours)
    expect(november).toMatchObject({
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-30T23:00:00.000Z',
      total: 2,
      previous: { from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z', total: 2 },
    });
    // not a whole month: as many days before (2 to 29 November, 28 days: 5 October to 1 November)
    expect(
      (await kit.metrics.execute(admin, 'orders', { from: '2026-11-02', to: '2026-11-29', compare: 'previous' }))
        .previous?.from,
    ).toBe('2026-10-04T22:00:00.000Z');
    const hours = await kit.metrics.execute(admin, 'orders', {
      from: '2026-11-01T00:00:00+01:00',
      to: '2026-11-01T12:00:00+01:00',
      compare: 'previous',
    });
    expect(hours.previous).toEqual({ from: '2026-10-31T11:00:00.000Z', to: '2026-10-31T23:00:00.000Z', total: 1 });
    expect(
      (await kit.metrics.execute(admin, 'orders', { from: '2026-11-01', to: '2026-11-30' })).previous,
    ).toBeUndefined();
  });

  /** the German field error a query answers (never a 500) */
  const errorOf = async (metric: string, q: Record<string, unknown>) => {
    const e = await kit.metrics.execute(admin, metric, q).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(DomainException);
    const { status, errors } = (e as DomainException).toJSON();
    return { status, field: errors[0]?.field, message: errors[0]?.message };
  };

  it('answers bad input with a German field error: 422 for a malformed value, 400 for a period it cannot answer', async () => {
    const ok = { from: '2026-11-01', to: '2026-11-30' };
    expect(await errorOf('orders', { ...ok, from: 'gestern' })).toMatchObject({ status: 422, field: 'from' });
    expect(await errorOf('orders', { ...ok, to: '2026-02-30' })).toMatchObject({ status: 422, field: 'to' });
    expect(await errorOf('orders', { to: ok.to })).toMatchObject({ status: 422, field: 'from' });
    expect(await errorOf('orders', { ...ok, interval: 'minute' })).toMatchObject({ status: 422, field: 'interval' });
    expect(await errorOf('orders', { ...ok, compare: 'next' })).toMatchObject({ status: 422, field: 'compare' });
    expect(await errorOf('orders', { ...ok, branch: '0' })).toMatchObject({ status: 422, field: 'branch' });
    // a branch id no integer column holds: a field error, not an out-of-range error of the database
    expect(await errorOf('orders', { ...ok, branch: '99999999999' })).toMatchObject({ status: 422, field: 'branch' });
    expect(await errorOf('orders', { from: '2026-11-30', to: '2026-11-01' })).toEqual({
      status: 400,
      field: 'to',
      message: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.',
    });
    expect(
      await errorOf('orders', { from: '2026-11-01T12:00:00+01:00', to: '2026-11-01T11:00:00.000Z' }),
    ).toMatchObject({ status: 400, field: 'to' });
    expect(await errorOf('order-times', { from: '2000-01-01', to: '2026-12-31' })).toEqual({
      status: 400,
      field: 'to',
      message: 'Der Zeitraum darf höchstens 10 Jahre umfassen.',
    });
    expect(await errorOf('orders', { from: '0001-01-01', to: '0001-12-31' })).toEqual({
      status: 400,
      field: 'from',
      message: 'Das Datum muss zwischen 01.01.1970 und 31.12.2999 liegen.',
    });
    expect(await errorOf('orders', { from: '2026-01-01', to: '9999-12-31T23:59:59Z' })).toMatchObject({
      status: 400,
      field: 'to',
    });
    expect(await errorOf('pages', { from: '2026-01-01', to: '2026-12-31', interval: 'hour' })).toEqual({
      status: 400,
      field: 'interval',
      message: 'Stundenweise kann höchstens ein Zeitraum von 92 Tagen ausgewertet werden.',
    });
    // the longest periods still answer
    expect((await kit.metrics.execute(admin, 'visitor-times', { from: '2017-01-01', to: '2026-12-31' })).total).toBe(4);
    expect(
      (await kit.metrics.execute(admin, 'orders', { from: '2026-09-01', to: '2026-11-30', interval: 'hour' })).total,
    ).toBe(4);
  });
});
