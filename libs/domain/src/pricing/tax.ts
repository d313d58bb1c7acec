/**
 * §9 "Tax is computed from gross: net = gross / (1 + rate/100), rounded to 4 decimals. The rate depends
 * on order type: delivery uses tax, takeaway uses takeawayTax, dine-in uses dineInTax."
 */
import type { DeliveryMethod, Product } from '@shop/contracts';
import { NET_DECIMALS } from '../constants.js';
import { add, div, frac, roundScaled, sub, toNumber } from './decimal.js';

export type TaxedProduct = Pick<Product, 'tax' | 'takeawayTax' | 'dineInTax'>;

/** The product's rate for the order type (delivery → tax, takeaway → takeawayTax, dineIn → dineInTax). */
export function taxRateFor(product: Partial<TaxedProduct>, method: DeliveryMethod): number {
  const rate = method === 'delivery' ? product.tax : method === 'dineIn' ? product.dineInTax : product.takeawayTax;
  return rate ?? 0;
}

/** Net in ten-thousandths (bigint): round4(gross / (1 + rate/100)). */
export function netScaled(gross: number | string, rate: number): bigint {
  return roundScaled(div(gross, add(1, div(rate, 100))), NET_DECIMALS);
}

/** net = gross / (1 + rate/100), rounded to 4 decimals. */
export function netFromGross(gross: number, rate: number): number {
  return toNumber(frac(`${netScaled(gross, rate)}e-${NET_DECIMALS}`), NET_DECIMALS);
}

/** tax = gross − net (4 decimals). */
export function taxFromGross(gross: number, rate: number): number {
  return toNumber(sub(gross, frac(`${netScaled(gross, rate)}e-${NET_DECIMALS}`)), NET_DECIMALS);
}
