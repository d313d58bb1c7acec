/**
 * §3 "Unit types and units (name, shortName, factor to the base of its type)" and conversion between a
 * product's unit and its alternative units (§5 "Changing the unit converts the amount (through
 * alternative-unit ratios when the unit types differ)").
 */
import type { AlternativeUnit, Product, UnitName } from '@shop/contracts';
import { div, frac, mul, toNumber, type Fraction } from '../pricing/decimal.js';
import { formatQuantityNumber } from '../format/number.js';
import { text } from '../texts.js';

export const UNIT_TYPES = [
  'amount',
  'serving',
  'pair',
  'person',
  'package',
  'weight',
  'volume',
  'length',
  'area',
  'cubic',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export interface UnitDefinition {
  name: UnitName;
  type: UnitType;
  shortName: string;
  /** factor to the base unit of its type (gram, milliliter, millimeter, mm², mm³; 1 for the others) */
  factor: number;
}

const unit = (name: UnitName, type: UnitType, shortName: string, factor = 1): UnitDefinition => ({
  name,
  type,
  shortName,
  factor,
});

/** §3 "amount (Stück Stk.); serving (Port.); pair (Paar); person (Pers.); package (Pkg.); weight: gram g 1, … cubic: … m³ 1000000000" */
export const UNITS: Readonly<Record<UnitName, UnitDefinition>> = {
  piece: unit('piece', 'amount', 'Stk.'),
  serving: unit('serving', 'serving', 'Port.'),
  pair: unit('pair', 'pair', 'Paar'),
  person: unit('person', 'person', 'Pers.'),
  package: unit('package', 'package', 'Pkg.'),
  gram: unit('gram', 'weight', 'g', 1),
  decagram: unit('decagram', 'weight', 'dag', 10),
  kilogram: unit('kilogram', 'weight', 'kg', 1000),
  milliliter: unit('milliliter', 'volume', 'ml', 1),
  centiliter: unit('centiliter', 'volume', 'cl', 10),
  deciliter: unit('deciliter', 'volume', 'dl', 100),
  liter: unit('liter', 'volume', 'l', 1000),
  millimeter: unit('millimeter', 'length', 'mm', 1),
  centimeter: unit('centimeter', 'length', 'cm', 10),
  decimeter: unit('decimeter', 'length', 'dm', 100),
  meter: unit('meter', 'length', 'm', 1000),
  kilometer: unit('kilometer', 'length', 'km', 1_000_000),
  squareMillimeter: unit('squareMillimeter', 'area', 'mm²', 1),
  squareCentimeter: unit('squareCentimeter', 'area', 'cm²', 100),
  squareDecimeter: unit('squareDecimeter', 'area', 'dm²', 10_000),
  squareMeter: unit('squareMeter', 'area', 'm²', 1_000_000),
  cubicMillimeter: unit('cubicMillimeter', 'cubic', 'mm³', 1),
  cubicCentimeter: unit('cubicCentimeter', 'cubic', 'cm³', 1000),
  cubicDecimeter: unit('cubicDecimeter', 'cubic', 'dm³', 1_000_000),
  cubicMeter: unit('cubicMeter', 'cubic', 'm³', 1_000_000_000),
};

/** §3 the name of the amount type: 'Stück' */
export const PIECE_NAME = text('unitPiece');

export function unitType(name: UnitName): UnitType {
  return UNITS[name].type;
}

export function unitShortName(name: UnitName): string {
  return UNITS[name].shortName;
}

/** The units of one type, smallest first. */
export function unitsOfType(type: UnitType): UnitName[] {
  return Object.values(UNITS)
    .filter((u) => u.type === type)
    .sort((a, b) => a.factor - b.factor)
    .map((u) => u.name);
}

export type ProductUnits = Pick<Product, 'unit' | 'alternativeUnits'>;

/** Thrown when an amount cannot be converted (unit types differ and no alternative unit links them). */
export class UnitConversionError extends RangeError {
  constructor(from: UnitName, to: UnitName) {
    super(`cannot convert ${from} to ${to}`);
    this.name = 'UnitConversionError';
  }
}

function alternativeFor(product: ProductUnits, name: UnitName): Pick<AlternativeUnit, 'unit' | 'ratio'> | undefined {
  return product.alternativeUnits.find((a) => a.unit === name);
}

/** How many of the product's unit one `name` equals, exactly. */
export function ratioToProductUnit(product: ProductUnits, name: UnitName): Fraction {
  const base = product.unit;
  if (name === base) return frac(1);
  if (unitType(name) === unitType(base)) return div(UNITS[name].factor, UNITS[base].factor);
  const direct = alternativeFor(product, name);
  if (direct) return frac(direct.ratio);
  const sameType = product.alternativeUnits.find((a) => unitType(a.unit) === unitType(name));
  if (sameType) return mul(div(UNITS[name].factor, UNITS[sameType.unit].factor), sameType.ratio);
  throw new UnitConversionError(name, base);
}

/** The exact amount in the product's unit. */
export function toProductUnitExact(product: ProductUnits, amount: number | Fraction, name: UnitName): Fraction {
  return mul(frac(amount), ratioToProductUnit(product, name));
}

/**
 * Converts `amount` of unit `from` to unit `to` (§5): within one unit type by the table factors, across
 * types through the product's alternative-unit ratios. Exact, then the nearest double (20 decimals).
 */
export function convertAmount(product: ProductUnits, amount: number, from: UnitName, to: UnitName): number {
  if (from === to) return amount;
  return toNumber(div(toProductUnitExact(product, amount, from), ratioToProductUnit(product, to)), 20);
}

/** Whether `from` can be converted to `to` for this product. */
export function isConvertible(product: ProductUnits, from: UnitName, to: UnitName): boolean {
  try {
    ratioToProductUnit(product, from);
    ratioToProductUnit(product, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * §2.6 "a note '1 unit entspricht ...' when the chosen unit type differs from the product's unit type",
 * e.g. '1 Stk. entspricht 250 g'; null when the types are the same.
 */
export function unitEquivalenceNote(product: ProductUnits, chosen: UnitName): string | null {
  if (unitType(chosen) === unitType(product.unit)) return null;
  const amount = toNumber(ratioToProductUnit(product, chosen), 3);
  return text('unitEquivalent', {
    unit: unitShortName(chosen),
    amount: formatQuantityNumber(amount),
    productUnit: unitShortName(product.unit),
  });
}
