import fc from 'fast-check';
import { UNIT_NAMES, type UnitName } from '@shop/contracts';
import { product } from '../../test/fixtures.js';
import {
  convertAmount,
  isConvertible,
  PIECE_NAME,
  ratioToProductUnit,
  UNITS,
  unitEquivalenceNote,
  unitShortName,
  unitsOfType,
  unitType,
  UnitConversionError,
} from './units.js';
import { div, toNumber } from '../pricing/decimal.js';

describe('§3 "Unit types and units (name, shortName, factor to the base of its type)"', () => {
  it('covers every unit name of @shop/contracts', () => {
    expect(Object.keys(UNITS).sort()).toEqual([...UNIT_NAMES].sort());
  });

  it('"amount (Stück Stk.); serving (Port.); pair (Paar); person (Pers.); package (Pkg.)"', () => {
    expect(PIECE_NAME).toBe('Stück');
    expect(UNITS.piece).toEqual({ name: 'piece', type: 'amount', shortName: 'Stk.', factor: 1 });
    expect([
      unitShortName('serving'),
      unitShortName('pair'),
      unitShortName('person'),
      unitShortName('package'),
    ]).toEqual(['Port.', 'Paar', 'Pers.', 'Pkg.']);
    expect([unitType('serving'), unitType('pair'), unitType('person'), unitType('package')]).toEqual([
      'serving',
      'pair',
      'person',
      'package',
    ]);
  });

  it('"weight: gram g 1, decagram dag 10, kilogram kg 1000"', () => {
    expect(unitsOfType('weight').map((u) => [unitShortName(u), UNITS[u].factor])).toEqual([
      ['g', 1],
      ['dag', 10],
      ['kg', 1000],
    ]);
  });

  it('"volume: milliliter ml 1, centiliter cl 10, deciliter dl 100, liter l 1000"', () => {
    expect(unitsOfType('volume').map((u) => [unitShortName(u), UNITS[u].factor])).toEqual([
      ['ml', 1],
      ['cl', 10],
      ['dl', 100],
      ['l', 1000],
    ]);
  });

  it('"length: millimeter mm 1, centimeter cm 10, decimeter dm 100, meter m 1000, kilometer km 1000000"', () => {
    expect(unitsOfType('length').map((u) => [unitShortName(u), UNITS[u].factor])).toEqual([
      ['mm', 1],
      ['cm', 10],
      ['dm', 100],
      ['m', 1000],
      ['km', 1_000_000],
    ]);
  });

  it('"area: mm² 1, cm² 100, dm² 10000, m² 1000000"', () => {
    expect(unitsOfType('area').map((u) => [unitShortName(u), UNITS[u].factor])).toEqual([
      ['mm²', 1],
      ['cm²', 100],
      ['dm²', 10_000],
      ['m²', 1_000_000],
    ]);
  });

  it('"cubic: mm³ 1, cm³ 1000, dm³ 1000000, m³ 1000000000"', () => {
    expect(unitsOfType('cubic').map((u) => [unitShortName(u), UNITS[u].factor])).toEqual([
      ['mm³', 1],
      ['cm³', 1000],
      ['dm³', 1_000_000],
      ['m³', 1_000_000_000],
    ]);
  });
});

describe('§5 "Changing the unit converts the amount (through alternative-unit ratios when the unit types differ)"', () => {
  const cheese = product({
    unit: 'gram',
    alternativeUnits: [
      {
        unit: 'piece',
        ratio: 250,
        minimumQuantity: null,
        maximumQuantity: null,
        quantityStepSize: null,
        calculationModel: 'approximate',
      },
      {
        unit: 'liter',
        ratio: 900,
        minimumQuantity: null,
        maximumQuantity: null,
        quantityStepSize: null,
        calculationModel: 'fixed',
      },
    ],
  });

  it('within a unit type by the table factors', () => {
    expect(convertAmount(cheese, 1.5, 'kilogram', 'gram')).toBe(1500);
    expect(convertAmount(cheese, 250, 'gram', 'decagram')).toBe(25);
    expect(convertAmount(cheese, 5, 'gram', 'gram')).toBe(5);
  });

  it('across types through the alternative unit ratio ("how many of the product\'s unit one of this unit equals")', () => {
    expect(convertAmount(cheese, 2, 'piece', 'gram')).toBe(500);
    expect(convertAmount(cheese, 1, 'kilogram', 'piece')).toBe(4);
    expect(convertAmount(cheese, 100, 'gram', 'piece')).toBe(0.4);
    expect(convertAmount(cheese, 1, 'piece', 'liter')).toBe(0.2777777777777778);
  });

  it('a unit of the same type as an alternative unit goes through that unit (5 dl = 0,5 l = 450 g)', () => {
    expect(convertAmount(cheese, 5, 'deciliter', 'gram')).toBe(450);
    expect(toNumber(ratioToProductUnit(cheese, 'milliliter'))).toBe(0.9);
  });

  it('fails when no ratio links the types', () => {
    expect(() => convertAmount(cheese, 1, 'meter', 'gram')).toThrow(UnitConversionError);
    expect(isConvertible(cheese, 'meter', 'gram')).toBe(false);
    expect(isConvertible(cheese, 'piece', 'kilogram')).toBe(true);
  });

  it('property: converting there and back returns the amount', () => {
    const units: UnitName[] = ['gram', 'decagram', 'kilogram', 'piece', 'liter', 'milliliter'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...units),
        fc.constantFrom(...units),
        (milli, from, to) => {
          const amount = milli / 1000;
          const back = convertAmount(cheese, convertAmount(cheese, amount, from, to), to, from);
          expect(Math.abs(back - amount)).toBeLessThanOrEqual(amount * 1e-12);
        },
      ),
    );
  });

  it('property: same-type conversion is exact (factor ratio)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...unitsOfType('length')),
        fc.constantFrom(...unitsOfType('length')),
        (n, from, to) => {
          const p = product({ unit: 'meter' });
          expect(convertAmount(p, n, from, to)).toBe(toNumber(div(n * UNITS[from].factor, UNITS[to].factor), 20));
        },
      ),
    );
  });
});

describe("§2.6 \"a note '1 unit entspricht ...' when the chosen unit type differs from the product's unit type\"", () => {
  const p = product({
    unit: 'gram',
    alternativeUnits: [
      {
        unit: 'piece',
        ratio: 250,
        minimumQuantity: null,
        maximumQuantity: null,
        quantityStepSize: null,
        calculationModel: 'fixed',
      },
    ],
  });
  it('shows how much of the product unit one chosen unit is', () => {
    expect(unitEquivalenceNote(p, 'piece')).toBe('1 Stk. entspricht 250 g');
    const apples = product({
      unit: 'kilogram',
      alternativeUnits: [
        {
          unit: 'piece',
          ratio: 0.2,
          minimumQuantity: null,
          maximumQuantity: null,
          quantityStepSize: null,
          calculationModel: 'fixed',
        },
      ],
    });
    expect(unitEquivalenceNote(apples, 'piece')).toBe('1 Stk. entspricht 0,2 kg');
    const flour = product({
      unit: 'gram',
      alternativeUnits: [
        {
          unit: 'package',
          ratio: 1500,
          minimumQuantity: null,
          maximumQuantity: null,
          quantityStepSize: null,
          calculationModel: 'fixed',
        },
      ],
    });
    expect(unitEquivalenceNote(flour, 'package')).toBe('1 Pkg. entspricht 1.500 g');
  });
  it('no note for the same unit type', () => {
    expect(unitEquivalenceNote(p, 'kilogram')).toBeNull();
    expect(unitEquivalenceNote(p, 'gram')).toBeNull();
  });
});
