import type { DataSource } from 'typeorm';
import { orderCreated, statisticsKit } from '../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../test/statistics-test-database.js';
import { OrderFactEntity, OrderItemFactEntity } from './order-fact.entity.js';

describe('OrderFactsService (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('order_facts'));
    kit = statisticsKit(ds);
  });
  afterAll(() => close());

  const from = new Date('2026-05-04T06:17:00Z');
  const to = new Date('2026-05-04T18:43:00Z');
  const metric = (m: Parameters<typeof kit.metrics.aggregate>[0]) => kit.metrics.aggregate(m, from, to, null, 'day');
  /** every order metric answers the same from the rollups as from the facts */
  const rollupsEqualFacts = async () => {
    for (const m of ['orders', 'revenue', 'canceled-orders', 'revenue-origins', 'items', 'popular-items'] as const)
      expect({ m, ...(await metric(m)) }).toEqual({
        m,
        ...(await kit.metrics.aggregate(m, from, to, null, 'day', false)),
      });
  };

  it('counts a run of created orders once, however often they are delivered; events without figures not at all', async () => {
    const first = orderCreated(1, '2026-05-04T10:30:00Z');
    const second = orderCreated(2, '2026-05-04T11:05:00Z', { origin: 'self-service', totalCents: 950 });
    await kit.orders.applyAll([
      first,
      second,
      first,
      { ...orderCreated(3, '2026-05-04T11:10:00Z'), totalCents: undefined },
    ]);
    await kit.orders.apply(second);
    expect(await ds.getRepository(OrderFactEntity).count()).toBe(2);
    expect(await ds.getRepository(OrderItemFactEntity).count()).toBe(2);
    expect((await metric('revenue')).total).toBe(2750);
    expect((await metric('order-origins')).breakdown).toEqual([
      { key: 'self-service', value: 1 },
      { key: 'storefront', value: 1 },
    ]);
    await rollupsEqualFacts();
  });

  it('applies only what an update changes: a cancellation, a new total, edited lines', async () => {
    const updated = {
      ...orderCreated(1, '2026-05-04T10:30:00Z'),
      verb: 'updated' as const,
      change: 'cancel',
      items: undefined,
    };
    await kit.orders.apply({ ...updated, canceled: true });
    await kit.orders.apply({ ...updated, canceled: true });
    expect((await metric('canceled-orders')).total).toBe(1);
    expect((await metric('revenue')).total).toBe(950);
    // staff edit a line of the other order: the lines replace the stored ones, the item rollups change by the difference
    await kit.orders.applyAll([
      {
        ...orderCreated(2, '2026-05-04T11:05:00Z'),
        verb: 'updated',
        change: 'item-updated',
        totalCents: 2700,
        items: [
          { productId: 11, name: 'Pizza Margherita', quantity: 1, grossCents: 900 },
          { productId: 12, name: 'Pizza Funghi', quantity: 2, grossCents: 1800 },
        ],
      },
    ]);
    expect((await metric('revenue')).total).toBe(2700);
    expect((await metric('popular-items')).breakdown).toEqual([
      { key: 'Pizza Margherita', value: 3, unit: 'piece' },
      { key: 'Pizza Funghi', value: 2, unit: 'piece' },
    ]);
    await rollupsEqualFacts();
    // an order placed before the read model existed, or an update without figures: nothing
    await kit.orders.apply({ ...updated, id: 99, canceled: true });
    await kit.orders.apply({ ...updated, canceled: undefined, totalCents: undefined });
    expect(await ds.getRepository(OrderFactEntity).count()).toBe(2);
  });
});
