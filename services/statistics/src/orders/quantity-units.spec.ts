import { STATISTICS_QUANTITY_UNITS, UNIT_NAMES } from '@shop/contracts';
import { UNIT_TYPES, unitsOfType } from '@shop/domain';
import type { DataSource } from 'typeorm';
import { admin, orderCreated, statisticsKit } from '../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../test/statistics-test-database.js';
import { quantityOf, quantityUnitOf } from './quantity-units.js';

describe('items counted per unit (issue 41)', () => {
  it('names the base unit of every unit type of @shop/domain, in the order of the answers', () => {
    expect([...STATISTICS_QUANTITY_UNITS]).toEqual(UNIT_TYPES.map((t) => unitsOfType(t)[0]));
    for (const u of UNIT_NAMES) expect(STATISTICS_QUANTITY_UNITS).toContain(quantityUnitOf(u).unit);
  });

  it('counts grams, decagrams and kilograms as grams and litres as millilitres, a line without a unit as pieces', () => {
    expect(quantityOf('kilogram', 0.25)).toEqual({ unit: 'gram', value: 250 });
    expect(quantityOf('decagram', 25)).toEqual({ unit: 'gram', value: 250 });
    expect(quantityOf('kilogram', 1.1)).toEqual({ unit: 'gram', value: 1100 });
    expect(quantityOf('liter', 0.5)).toEqual({ unit: 'milliliter', value: 500 });
    expect(quantityOf('centiliter', 3.3)).toEqual({ unit: 'milliliter', value: 33 });
    expect(quantityOf('serving', 2)).toEqual({ unit: 'serving', value: 2 });
    expect(quantityOf(undefined, 4)).toEqual({ unit: 'piece', value: 4 });
    expect(quantityOf('no-such-unit', 4)).toEqual({ unit: 'piece', value: 4 });
  });

  describe('items and popular-items (real Postgres)', () => {
    let ds: DataSource;
    let close: () => Promise<void>;
    let kit: ReturnType<typeof statisticsKit>;
    beforeAll(async () => {
      ({ ds, close } = await statisticsTestDatabase('quantity_units'));
      kit = statisticsKit(ds);
    });
    afterAll(() => close());

    const q = { from: '2026-05-04', to: '2026-05-04' };
    const line = (name: string, quantity: number, unit?: 'piece' | 'gram' | 'kilogram' | 'liter' | 'milliliter') => ({
      productId: 1,
      name,
      quantity,
      grossCents: 100,
      unit,
    });

    it('never adds grams to pieces: totals, series and top list per unit, each with its unit', async () => {
      await kit.orders.applyAll([
        orderCreated(1, '2026-05-04T08:30:00Z', {
          items: [line('Bergkäse', 250, 'gram'), line('Butterkipferl', 4, 'piece'), line('Milch', 1, 'liter')],
        }),
        orderCreated(2, '2026-05-04T09:10:00Z', {
          items: [line('Bergkäse', 0.255, 'kilogram'), line('Butterkipferl', 2), line('Milch', 250, 'milliliter')],
        }),
      ]);
      const items = await kit.metrics.execute(admin, 'items', { ...q, interval: 'hour' });
      expect(items).toMatchObject({
        unit: 'quantity',
        total: 6,
        totals: [
          { unit: 'piece', value: 6 },
          { unit: 'gram', value: 505 },
          { unit: 'milliliter', value: 1250 },
        ],
        breakdown: [],
      });
      expect(items.series).toEqual([
        { bucket: '2026-05-04T08:00:00.000Z', value: 4, unit: 'piece' },
        { bucket: '2026-05-04T08:00:00.000Z', value: 250, unit: 'gram' },
        { bucket: '2026-05-04T08:00:00.000Z', value: 1000, unit: 'milliliter' },
        { bucket: '2026-05-04T09:00:00.000Z', value: 2, unit: 'piece' },
        { bucket: '2026-05-04T09:00:00.000Z', value: 255, unit: 'gram' },
        { bucket: '2026-05-04T09:00:00.000Z', value: 250, unit: 'milliliter' },
      ]);
      // 'Bergkäse 505' (grams) does not outrank 'Butterkipferl 6' (pieces): one top list per unit, pieces first
      expect((await kit.metrics.execute(admin, 'popular-items', q)).breakdown).toEqual([
        { key: 'Butterkipferl', value: 6, unit: 'piece' },
        { key: 'Bergkäse', value: 505, unit: 'gram' },
        { key: 'Milch', value: 1250, unit: 'milliliter' },
      ]);
    });

    it('moves an edited line from one unit to another', async () => {
      // staff change order 1's cheese from 250 g to 2 pieces
      await kit.orders.apply({
        ...orderCreated(1, '2026-05-04T08:30:00Z'),
        verb: 'updated',
        change: 'item-updated',
        items: [line('Bergkäse', 2, 'piece'), line('Butterkipferl', 4, 'piece'), line('Milch', 1, 'liter')],
      });
      const popular = await kit.metrics.execute(admin, 'popular-items', q);
      expect(popular.totals).toEqual([
        { unit: 'piece', value: 8 },
        { unit: 'gram', value: 255 },
        { unit: 'milliliter', value: 1250 },
      ]);
      expect(popular.breakdown).toEqual([
        { key: 'Butterkipferl', value: 6, unit: 'piece' },
        { key: 'Bergkäse', value: 2, unit: 'piece' },
        { key: 'Bergkäse', value: 255, unit: 'gram' },
        { key: 'Milch', value: 1250, unit: 'milliliter' },
      ]);
      const from = new Date(popular.from);
      const to = new Date(popular.to);
      for (const m of ['items', 'popular-items'] as const)
        expect(await kit.metrics.aggregate(m, from, to, null, 'day')).toEqual(
          await kit.metrics.aggregate(m, from, to, null, 'day', false),
        );
    });

    it('compares with the period before: its total per unit', async () => {
      await kit.orders.applyAll([
        orderCreated(3, '2026-05-03T12:00:00Z', { items: [line('Bergkäse', 1, 'kilogram'), line('Semmel', 3)] }),
      ]);
      expect((await kit.metrics.execute(admin, 'items', { ...q, compare: 'previous' })).previous).toEqual({
        from: '2026-05-02T22:00:00.000Z',
        to: '2026-05-03T22:00:00.000Z',
        total: 3,
        totals: [
          { unit: 'piece', value: 3 },
          { unit: 'gram', value: 1000 },
        ],
      });
    });
  });
});
