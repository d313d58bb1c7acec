import fc from 'fast-check';
import { product } from '../../test/fixtures.js';
import {
  changeQuantityUnit,
  decrementQuantity,
  incrementQuantity,
  initialQuantity,
  normalizeQuantityInput,
  parseQuantity,
  quantityButtons,
  quantityLimits,
  selectableUnits,
  snapQuantity,
  type QuantityLimits,
} from './quantity.js';
import {
  calculationModelFor,
  calculationModelName,
  calculationModelShortName,
  formatPriceWithModel,
} from './calculation-model.js';

describe('§5 Quantity: "The typed amount is parsed with comma accepted as decimal separator; a non-number becomes 0."', () => {
  it('accepts comma and dot decimals', () => {
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('2.25')).toBe(2.25);
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(parseQuantity(4)).toBe(4);
  });
  it('a non-number becomes 0', () => {
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('1,2,3')).toBe(0);
    expect(parseQuantity(null)).toBe(0);
    expect(parseQuantity(undefined)).toBe(0);
    expect(parseQuantity(Number.NaN)).toBe(0);
    expect(parseQuantity('Infinity')).toBe(0);
  });
});

describe('§5 Quantity: "at or below the minimum gives the minimum; at or above a maximum (if any) gives the maximum; otherwise rounded to the minimum plus a multiple of the step size"', () => {
  const limits: QuantityLimits = { minimum: 1, maximum: 10, step: 0.5 };
  it('clamps to minimum and maximum', () => {
    expect(snapQuantity(0, limits)).toBe(1);
    expect(snapQuantity(1, limits)).toBe(1);
    expect(snapQuantity(-3, limits)).toBe(1);
    expect(snapQuantity(10, limits)).toBe(10);
    expect(snapQuantity(99, limits)).toBe(10);
    expect(snapQuantity(Number.NaN, limits)).toBe(1);
  });
  it('rounds to minimum + k × step (half up)', () => {
    expect(snapQuantity(2.2, limits)).toBe(2);
    expect(snapQuantity(2.25, limits)).toBe(2.5);
    expect(snapQuantity(2.7, limits)).toBe(2.5);
    expect(snapQuantity(0.3, { minimum: 0.1, maximum: null, step: 0.1 })).toBe(0.3);
    expect(snapQuantity(7, { minimum: 2, maximum: null, step: 3 })).toBe(8);
  });
  it('never exceeds a maximum off the grid; no step means no rounding', () => {
    expect(snapQuantity(4.4, { minimum: 1, maximum: 4.5, step: 2 })).toBe(4.5);
    expect(snapQuantity(3.3, { minimum: 1, maximum: null, step: 0 })).toBe(3.3);
  });
  it('parses and snaps the typed input', () => {
    expect(normalizeQuantityInput('2,7', limits)).toBe(2.5);
    expect(normalizeQuantityInput('x', limits)).toBe(1);
  });

  const limitsArb = fc
    .record({
      min: fc.integer({ min: 1, max: 1000 }),
      step: fc.integer({ min: 1, max: 500 }),
      span: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    })
    .map(({ min, step, span }): QuantityLimits => ({
      minimum: min / 10,
      step: step / 100,
      maximum: span === null ? null : (min + span) / 10,
    }));

  it('property: the result lies within the limits and on the grid (or is the maximum)', () => {
    fc.assert(
      fc.property(limitsArb, fc.double({ min: -100, max: 2000, noNaN: true }), (l, v) => {
        const s = snapQuantity(v, l);
        expect(s).toBeGreaterThanOrEqual(l.minimum);
        if (l.maximum !== null) expect(s).toBeLessThanOrEqual(l.maximum);
        if (s !== l.maximum) {
          const k = (s - l.minimum) / l.step;
          expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-6);
        }
      }),
    );
  });

  it('property: snapping is idempotent and moves by at most half a step inside the limits', () => {
    fc.assert(
      fc.property(limitsArb, fc.double({ min: -100, max: 2000, noNaN: true }), (l, v) => {
        const s = snapQuantity(v, l);
        expect(snapQuantity(s, l)).toBe(s);
        if (v > l.minimum && (l.maximum === null || v < l.maximum))
          expect(Math.abs(s - v)).toBeLessThanOrEqual(l.step / 2 + 1e-9);
      }),
    );
  });

  it('property: decimal steps never leave binary noise (0.1 grid)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => {
        const s = snapQuantity(n / 10 + 0.04, { minimum: 0.1, maximum: null, step: 0.1 });
        expect(String(s)).toMatch(/^\d+(\.\d)?$/);
      }),
    );
  });
});

describe('§5 Quantity: "Minus and plus buttons change by the step size and are disabled at minimum and maximum."', () => {
  const limits: QuantityLimits = { minimum: 0.5, maximum: 2, step: 0.5 };
  it('changes by the step', () => {
    expect(incrementQuantity(1, limits)).toBe(1.5);
    expect(decrementQuantity(1, limits)).toBe(0.5);
    expect(incrementQuantity(2, limits)).toBe(2);
    expect(decrementQuantity(0.5, limits)).toBe(0.5);
    expect(incrementQuantity(0.1, { minimum: 0.1, maximum: null, step: 0.1 })).toBe(0.2);
  });
  it('disables minus at the minimum and plus at the maximum', () => {
    expect(quantityButtons(0.5, limits)).toEqual({ minusDisabled: true, plusDisabled: false });
    expect(quantityButtons(1, limits)).toEqual({ minusDisabled: false, plusDisabled: false });
    expect(quantityButtons(2, limits)).toEqual({ minusDisabled: false, plusDisabled: true });
    expect(quantityButtons(1000, { ...limits, maximum: null }).plusDisabled).toBe(false);
  });
  it('property: plus then minus returns to a grid value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (k) => {
        const l = { minimum: 1, maximum: null, step: 0.25 };
        const v = 1 + k * 0.25;
        expect(decrementQuantity(incrementQuantity(v, l), l)).toBe(v);
      }),
    );
  });
});

describe('§5 Quantity: "Minimum, maximum and step can be defined per alternative unit."', () => {
  const p = product({
    unit: 'gram',
    minimumQuantity: 100,
    maximumQuantity: 5000,
    quantityStepSize: 50,
    defaultUnit: 'piece',
    defaultQuantity: 3,
    alternativeUnits: [
      {
        unit: 'piece',
        ratio: 250,
        minimumQuantity: 2,
        maximumQuantity: 10,
        quantityStepSize: 2,
        calculationModel: 'approximate',
      },
      {
        unit: 'kilogram',
        ratio: 1000,
        minimumQuantity: null,
        maximumQuantity: null,
        quantityStepSize: null,
        calculationModel: 'fixed',
      },
    ],
  });
  it('uses the product limits for its unit and the alternative unit limits otherwise', () => {
    expect(quantityLimits(p)).toEqual({ minimum: 100, maximum: 5000, step: 50 });
    expect(quantityLimits(p, 'piece')).toEqual({ minimum: 2, maximum: 10, step: 2 });
    expect(quantityLimits(p, 'kilogram')).toEqual({ minimum: 1, maximum: null, step: 1 });
    expect(quantityLimits(p, 'liter')).toEqual({ minimum: 1, maximum: null, step: 1 });
    expect(selectableUnits(p)).toEqual(['gram', 'piece', 'kilogram']);
  });
  it('"Changing the unit converts the amount … and re-snaps"', () => {
    expect(changeQuantityUnit(p, 1000, 'gram', 'piece')).toBe(4);
    expect(changeQuantityUnit(p, 1100, 'gram', 'piece')).toBe(4); // 4.4 → 4
    expect(changeQuantityUnit(p, 3, 'piece', 'gram')).toBe(750);
    expect(changeQuantityUnit(p, 10, 'piece', 'gram')).toBe(2500);
    expect(changeQuantityUnit(p, 1, 'kilogram', 'gram')).toBe(1000);
  });
  it('starts with defaultUnit and defaultQuantity, snapped (else unit and minimum)', () => {
    expect(initialQuantity(p)).toEqual({ amount: 4, unit: 'piece' });
    expect(initialQuantity(product({ minimumQuantity: 2 }))).toEqual({ amount: 2, unit: 'piece' });
    expect(initialQuantity(product({ defaultUnit: 'liter' }))).toEqual({ amount: 1, unit: 'piece' });
  });
});

describe("§3 \"Calculation models: fixed (Exakt, short 'Fix'), approximate (Ungefähr, 'ca.'), minimum (Minimum, 'ab').\"", () => {
  it('names and short names', () => {
    expect(['fixed', 'approximate', 'minimum'].map((m) => calculationModelName(m as 'fixed'))).toEqual([
      'Exakt',
      'Ungefähr',
      'Minimum',
    ]);
    expect(['fixed', 'approximate', 'minimum'].map((m) => calculationModelShortName(m as 'fixed'))).toEqual([
      'Fix',
      'ca.',
      'ab',
    ]);
  });
  it('"A price shows the model short name when the model is not fixed."', () => {
    expect(formatPriceWithModel(2.9, 'fixed')).toBe('EUR 2,90');
    expect(formatPriceWithModel(2.9, 'approximate')).toBe('ca. EUR 2,90');
    expect(formatPriceWithModel(2.9, 'minimum')).toBe('ab EUR 2,90');
  });
  it('the alternative unit has its own model', () => {
    const p = product({
      calculationModel: 'minimum',
      alternativeUnits: [
        {
          unit: 'kilogram',
          ratio: 3,
          minimumQuantity: null,
          maximumQuantity: null,
          quantityStepSize: null,
          calculationModel: 'approximate',
        },
      ],
    });
    expect(calculationModelFor(p)).toBe('minimum');
    expect(calculationModelFor(p, 'kilogram')).toBe('approximate');
    expect(calculationModelFor(p, 'liter')).toBe('minimum');
  });
});
