/**
 * Line price: the configured product price is the price for `pricing` of the product's unit (price 2.90,
 * unit gram, pricing 100 → EUR 2,90 per 100 g). The amount is converted to the product's unit (table
 * factors within a unit type, alternative-unit ratios across types), then
 *   line = configured price × amount in product unit / pricing,
 * computed exactly and rounded once to whole cents (half away from zero).
 */
import type { CartItem, PricedProduct } from '../cart/types.js';
import { toProductUnitExact } from '../units/units.js';
import { GROSS_DECIMALS } from '../constants.js';
import { div, frac, mul, roundScaled, toNumber } from './decimal.js';
import { configuredPriceExact } from './modifiers.js';

/** The line price in cents (bigint, exact). */
export function linePriceCents(item: CartItem<PricedProduct>): bigint {
  const { product } = item;
  const amount = toProductUnitExact(product, item.amount, item.unit);
  const exact = div(mul(configuredPriceExact(product, item.parts), amount), product.pricing || 1);
  return roundScaled(exact, GROSS_DECIMALS);
}

/** The gross price of a cart line in EUR, whole cents. */
export function linePrice(item: CartItem<PricedProduct>): number {
  return toNumber(frac(`${linePriceCents(item)}e-${GROSS_DECIMALS}`), GROSS_DECIMALS);
}

/** The gross sum of the lines in EUR, whole cents (sum of the rounded lines). */
export function itemsGross(items: ReadonlyArray<CartItem<PricedProduct>>): number {
  const cents = items.reduce((s, i) => s + linePriceCents(i), 0n);
  return toNumber(frac(`${cents}e-${GROSS_DECIMALS}`), GROSS_DECIMALS);
}
