/**
 * §5 "Quantity. The typed amount is parsed with comma accepted as decimal separator; a non-number becomes
 * 0. It is then snapped: at or below the minimum gives the minimum; at or above a maximum (if any) gives
 * the maximum; otherwise rounded to the minimum plus a multiple of the step size. Minus and plus buttons
 * change by the step size and are disabled at minimum and maximum. Changing the unit converts the amount
 * (through alternative-unit ratios when the unit types differ) and re-snaps. Minimum, maximum and step
 * can be defined per alternative unit."
 */
import type { Product, UnitName } from '@shop/contracts';
import { add, cmp, div, frac, mul, roundScaled, sub, toNumber } from '../pricing/decimal.js';
import { convertAmount, type ProductUnits } from './units.js';

export interface QuantityLimits {
  minimum: number;
  maximum: number | null;
  step: number;
}

export type ProductQuantities = ProductUnits &
  Pick<Product, 'minimumQuantity' | 'maximumQuantity' | 'quantityStepSize'> &
  Partial<Pick<Product, 'defaultQuantity' | 'defaultUnit'>>;

/** Defaults of an alternative unit that leaves a limit empty (the product schema's defaults). */
export const DEFAULT_QUANTITY_LIMITS: QuantityLimits = { minimum: 1, maximum: null, step: 1 };

/**
 * The limits for `unit`: the product's own for its unit, those of the alternative unit otherwise
 * (an empty minimum or step falls back to 1, an empty maximum to none).
 */
export function quantityLimits(product: ProductQuantities, unit: UnitName = product.unit): QuantityLimits {
  if (unit === product.unit) {
    return {
      minimum: product.minimumQuantity,
      maximum: product.maximumQuantity ?? null,
      step: product.quantityStepSize,
    };
  }
  const alternative = product.alternativeUnits.find((a) => a.unit === unit);
  return {
    minimum: alternative?.minimumQuantity ?? DEFAULT_QUANTITY_LIMITS.minimum,
    maximum: alternative?.maximumQuantity ?? DEFAULT_QUANTITY_LIMITS.maximum,
    step: alternative?.quantityStepSize ?? DEFAULT_QUANTITY_LIMITS.step,
  };
}

/** The units a customer can choose: the product's unit, then its alternative units. */
export function selectableUnits(product: ProductUnits): UnitName[] {
  return [product.unit, ...product.alternativeUnits.map((a) => a.unit).filter((u) => u !== product.unit)];
}

/** §5 "parsed with comma accepted as decimal separator; a non-number becomes 0" */
export function parseQuantity(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  if (input === null || input === undefined) return 0;
  const normalized = input.trim().replace(/,/g, '.');
  if (normalized === '') return 0;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : 0;
}

/** §5 snapping to minimum, maximum and the step grid starting at the minimum (half steps round up). */
export function snapQuantity(value: number, limits: QuantityLimits): number {
  const { minimum, maximum, step } = limits;
  if (!Number.isFinite(value) || value <= minimum) return minimum;
  if (maximum !== null && value >= maximum) return maximum;
  if (step <= 0) return value;
  const k = roundScaled(div(sub(value, minimum), step), 0);
  const snapped = add(minimum, mul(frac(k.toString()), step));
  if (maximum !== null && cmp(snapped, maximum) > 0) return maximum;
  return toNumber(snapped, 10);
}

/** Parse and snap in one go (the quantity input's change handler). */
export function normalizeQuantityInput(input: string | number | null | undefined, limits: QuantityLimits): number {
  return snapQuantity(parseQuantity(input), limits);
}

/** §5 "Minus and plus buttons change by the step size" */
export function incrementQuantity(value: number, limits: QuantityLimits): number {
  return snapQuantity(toNumber(add(value, limits.step), 10), limits);
}

export function decrementQuantity(value: number, limits: QuantityLimits): number {
  return snapQuantity(toNumber(sub(value, limits.step), 10), limits);
}

/** §5 "… and are disabled at minimum and maximum" */
export function quantityButtons(
  value: number,
  limits: QuantityLimits,
): { minusDisabled: boolean; plusDisabled: boolean } {
  return {
    minusDisabled: value <= limits.minimum,
    plusDisabled: limits.maximum !== null && value >= limits.maximum,
  };
}

/** §5 "Changing the unit converts the amount … and re-snaps" to the limits of the new unit. */
export function changeQuantityUnit(product: ProductQuantities, amount: number, from: UnitName, to: UnitName): number {
  return snapQuantity(convertAmount(product, amount, from, to), quantityLimits(product, to));
}

/** The amount and unit a configuration starts with: defaultUnit (else the unit) and defaultQuantity (else the minimum), snapped. */
export function initialQuantity(product: ProductQuantities): { amount: number; unit: UnitName } {
  const unit =
    product.defaultUnit && selectableUnits(product).includes(product.defaultUnit) ? product.defaultUnit : product.unit;
  const limits = quantityLimits(product, unit);
  return { amount: snapQuantity(product.defaultQuantity ?? limits.minimum, limits), unit };
}
