/**
 * §3 "Calculation models: fixed (Exakt, short 'Fix'), approximate (Ungefähr, 'ca.'), minimum (Minimum,
 * 'ab'). A price shows the model short name when the model is not fixed."
 */
import type { CalculationModel, Product, UnitName } from '@shop/contracts';
import { formatPrice } from '../format/number.js';
import { text } from '../texts.js';

export const CALCULATION_MODEL_NAMES: Readonly<Record<CalculationModel, { name: string; shortName: string }>> = {
  fixed: { name: text('calculationFixed'), shortName: text('calculationFixedShort') },
  approximate: { name: text('calculationApproximate'), shortName: text('calculationApproximateShort') },
  minimum: { name: text('calculationMinimum'), shortName: text('calculationMinimumShort') },
};

export function calculationModelName(model: CalculationModel): string {
  return CALCULATION_MODEL_NAMES[model].name;
}

export function calculationModelShortName(model: CalculationModel): string {
  return CALCULATION_MODEL_NAMES[model].shortName;
}

/** The model of the chosen unit: the alternative unit's own model, else the product's. */
export function calculationModelFor(
  product: Pick<Product, 'unit' | 'alternativeUnits' | 'calculationModel'>,
  unit: UnitName = product.unit,
): CalculationModel {
  if (unit === product.unit) return product.calculationModel;
  return product.alternativeUnits.find((a) => a.unit === unit)?.calculationModel ?? product.calculationModel;
}

/** A price with its model: 'EUR 2,90' for fixed, 'ca. EUR 2,90', 'ab EUR 2,90'. */
export function formatPriceWithModel(value: number, model: CalculationModel, currency = 'EUR'): string {
  const price = formatPrice(value, currency);
  return model === 'fixed' ? price : `${calculationModelShortName(model)} ${price}`;
}
