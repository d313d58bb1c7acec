import type { DataSource } from 'typeorm';
import { admin, orderCreated, statisticsKit } from '../../../test/statistics-fixtures.js';
import { statisticsTestDatabase, TEST_TIME_ZONE } from '../../../test/statistics-test-database.js';
import { RollupRepository } from '../../metrics/rollup.repository.js';

/**
 * Migrations 1796400000000 (items per unit) and 1796500000000 (visitor_day.lastAt), down and up again over kept
 * rollups: the figures before the migration are those of the lines summed whatever their unit, after it the same
 * figures as the pieces' — every kept line had no unit — and the rollups still equal the raw rows.
 */
describe('migration of the item rollups to units (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: ReturnType<typeof statisticsKit>;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('item_units_migration'));
    kit = statisticsKit(ds);
  });
  afterAll(() => close());

  const q = { from: '2026-05-04', to: '2026-05-05' };
  const line = (name: string, quantity: number, unit?: 'gram' | 'kilogram') => ({
    productId: 1,
    name,
    quantity,
    grossCents: 100,
    unit,
  });

  it('keeps the figures of the lines kept before and counts them as pieces', async () => {
    await kit.orders.applyAll([
      orderCreated(1, '2026-05-04T08:30:00Z', { items: [line('Bergkäse', 250, 'gram'), line('Semmel', 4)] }),
      orderCreated(2, '2026-05-05T09:10:00Z', { items: [line('Bergkäse', 0.25, 'kilogram')] }),
    ]);
    // down: as before issue 41, one sum across units (250 + 4 + 0.25), from the lines as ordered
    await ds.undoLastMigration({ transaction: 'each' });
    await ds.undoLastMigration({ transaction: 'each' });
    const before = (await ds.query(
      `SELECT metric, key, sum(value)::float AS v FROM "statistics"."rollup_hourly"
       WHERE metric IN ('items', 'popular-items') GROUP BY 1, 2 ORDER BY 1, 2`,
    )) as Array<{ metric: string; key: string; v: number }>;
    expect(before).toEqual([
      { metric: 'items', key: '', v: 254.25 },
      { metric: 'popular-items', key: 'Bergkäse', v: 250.25 },
      { metric: 'popular-items', key: 'Semmel', v: 4 },
    ]);
    // a start of the service then builds the other layers again (the zone was cleared): as a shop before issue 41
    expect(await new RollupRepository(ds).ensureDerived(TEST_TIME_ZONE)).toBe(true);

    // up: the kept lines have no unit, they count as pieces, the same figures; every layer migrated, none rebuilt
    await ds.runMigrations({ transaction: 'each' });
    expect(await new RollupRepository(ds).ensureDerived(TEST_TIME_ZONE)).toBe(false);
    const items = await kit.metrics.execute(admin, 'items', q);
    expect(items).toMatchObject({ total: 254.25, totals: [{ unit: 'piece', value: 254.25 }] });
    expect((await kit.metrics.execute(admin, 'popular-items', q)).breakdown).toEqual([
      { key: 'Bergkäse', value: 250.25, unit: 'piece' },
      { key: 'Semmel', value: 4, unit: 'piece' },
    ]);
    const from = new Date(items.from);
    const to = new Date(items.to);
    for (const m of ['items', 'popular-items'] as const)
      for (const interval of ['hour', 'day', 'month'])
        expect(await kit.metrics.aggregate(m, from, to, null, interval)).toEqual(
          await kit.metrics.aggregate(m, from, to, null, interval, false),
        );
    // and new lines count in their units beside them
    await kit.orders.applyAll([orderCreated(3, '2026-05-05T10:00:00Z', { items: [line('Bergkäse', 1, 'kilogram')] })]);
    expect((await kit.metrics.execute(admin, 'items', q)).totals).toEqual([
      { unit: 'piece', value: 254.25 },
      { unit: 'gram', value: 1000 },
    ]);
  });
});
